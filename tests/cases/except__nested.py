try:
    try:
        [1][5]
    except KeyError:
        print("wrong handler")
    finally:
        print("inner finally")
except IndexError as e:
    print("outer caught:", e)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        print("inner handled")
        raise ValueError("converted")
except ValueError as e:
    print("outer got:", e)
try:
    try:
        raise TypeError("t")
    except TypeError:
        try:
            raise KeyError("k")
        except KeyError as e2:
            print("innermost:", repr(e2))
        print("still in handler")
except Exception:
    print("not reached")
print("end")
