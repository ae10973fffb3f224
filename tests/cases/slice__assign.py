a = [0, 1, 2, 3, 4]
a[1:3] = ["x", "y", "z"]
print(a)
a[1:4] = []
print(a)
a[:0] = [-2, -1]
print(a)
a[len(a):] = [5, 6]
print(a)
a[::2] = ["e0", "e1", "e2", "e3"]
print(a)
a[:] = "abc"
print(a)
b = [1, 2, 3, 4, 5, 6]
b[::-2] = [60, 40, 20]
print(b)
b[2:4] = (9,)
print(b)
b[10:] = [100]
print(b)
b[1:1] = range(2)
print(b)
