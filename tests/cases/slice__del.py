a = list(range(10))
del a[0]
print(a)
del a[-1]
print(a)
del a[2:4]
print(a)
del a[::2]
print(a)
del a[:]
print(a, len(a))
b = list("abcdef")
del b[::-3]
print(b)
d = {"x": 1, "y": 2, "z": 3}
del d["y"]
print(d)
del b[10:20]
print(b)
