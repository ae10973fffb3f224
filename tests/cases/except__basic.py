try:
    x = 1 / 0
    print("not reached")
except ZeroDivisionError:
    print("caught division")
try:
    [][1]
except IndexError as e:
    print("caught:", e)
try:
    {}["k"]
except KeyError as e:
    print("caught key:", e, repr(e))
try:
    int("x")
except Exception as e:
    print(type(e).__name__, e)
print("continues")
