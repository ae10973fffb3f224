point = [1, 2]
x, y = point
print(x, y)
point.append(3)
# A generator: CPython 3.14 adds the total only for list, tuple and dict.
x, y = (v for v in point)
