a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
x, y, z = "xyz"
print(x, y, z)
point = 3, 4
px, py = point
print(px * px + py * py)
def min_max(values):
    return min(values), max(values)
lo, hi = min_max([4, 9, 1])
print(lo, hi, min_max([7]))
a, b, c = [10, 20, 30]
c, a, b = a, b, c
print(a, b, c)
