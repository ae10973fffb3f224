a = [1]
a.append(2)
a.append([3, 4])
print(a)
a.extend([5, 6])
a.extend((7,))
a.extend("ab")
a.extend(range(2))
print(a)
b = [0]
b += [1, 2]
b += "xy"
print(b)
c = []
for i in range(5):
    c.append(i * i)
print(c, len(c))
d = [1]
d.extend(d)
print(d)
print(a.append(9))
