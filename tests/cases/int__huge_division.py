a = 10 ** 50 + 12345
b = 10 ** 25 + 7
q = a // b
r = a % b
print(q)
print(r)
print(q * b + r == a)
print(a // 1, a % 1, a // a)
print((-a) // b, (-a) % b)
print(a / b)
print(10 ** 40 // 10 ** 39, 10 ** 40 % (10 ** 39 + 1))
