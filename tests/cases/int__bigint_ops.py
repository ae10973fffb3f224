a = 2 ** 100
b = 3 ** 60
print(a)
print(b)
print(a + b)
print(a - b)
print(a * b)
print(a // b, a % b)
print(-a // b, -a % b)
print(a // -7, a % -7)
fact = 1
for i in range(1, 31):
    fact *= i
print(fact)
print(fact // 2 ** 20)
print(len(str(fact)), len(str(2 ** 1000)))
print(10 ** 30 + 1 - 10 ** 30)
print(2 ** 64 - 1, -(2 ** 63))
print(a == 2 ** 100, a > b, -a < -b)
