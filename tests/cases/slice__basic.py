a = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
print(a[2:5], a[:3], a[7:], a[:])
print(a[-3:], a[:-3], a[-5:-2])
print(a[3:3], a[5:2])
t = tuple(a)
print(t[1:4], t[-2:])
s = "slicing"
print(s[1:4], s[:-1], s[-3:])
print(a[0:len(a)] == a, a[:] is a)
