a, b = 1, 2
print(a, b)
(a, b), c = (3, 4), 5
print(a, b, c)
x, (y, z) = 1, [2, 3]
print(x, y, z)
[p, q] = "pq"
print(p, q)
a = b = c = 0
print(a, b, c)
first, second = {"one": 1, "two": 2}
print(first, second)
(single,) = [99]
print(single)
i, j = j, i = 1, 2
print(i, j)
