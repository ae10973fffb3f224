a = [1, 2, 3, 4]
a.reverse()
print(a)
b = a.copy()
b.append(99)
print(a, b)
nested = [[1], [2]]
shallow = nested.copy()
shallow[0].append("shared")
shallow[1] = "replaced"
print(nested, shallow)
b.clear()
print(b, len(b))
c = a
c.clear()
print(a)
