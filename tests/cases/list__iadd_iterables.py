# `list += x` extends the list in place with any iterable.
x = [1]
y = x
x += (2, 3)
x += "ab"
x += {9: "nine"}
x += range(2)
x += (i * 10 for i in range(2))
print(x, x is y)
for bad in (2, None, 1.5):
    try:
        x += bad
    except TypeError as e:
        print(type(e).__name__, e)
try:
    x = x + (1,)
except TypeError as e:
    print(type(e).__name__, e)
print(x)
