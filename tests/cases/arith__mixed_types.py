print(1 + 2.0)
print(3 * 0.5)
print(True + True, True * 10, False - 1)
print(True + 0.5)
print(7 // 2.0, 7 % 2.5)
print(1 == 1.0, 2 == 2.5)
print(10 - 0.1)
print(3 * 1.1)
print(0.1 * 3)
print(1e3 + 1)
print(2 ** 0.5 * 2 ** 0.5)
x = 5
x += 0.25
print(x)
x -= True
print(x)
print(100 * 1.15)
