def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        raise TypeError("one")
    if n == 2:
        raise KeyError("two")
    return n

for n in range(4):
    try:
        print("ok", risky(n))
    except (ValueError, TypeError) as e:
        print("value/type:", type(e).__name__, e)
    except (KeyError,) as e:
        print("key:", e)
errors = (IndexError, ZeroDivisionError)
try:
    1 / 0
except errors as e:
    print("from tuple variable:", e)
