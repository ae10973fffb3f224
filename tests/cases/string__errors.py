import string
for args in [(), (1,), ("a b", 1), ("a", None, 3)]:
    try:
        print(repr(string.capwords(*args)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
