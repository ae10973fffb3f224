a = [3, 1, 2]
result = a.sort()
print(result, a)
b = ["x", "Y", "z"]
b.sort(key=lambda s: s.lower(), reverse=True)
print(b)
c = [[2, 1], [1, 2], [1, 1]]
c.sort()
print(c)
