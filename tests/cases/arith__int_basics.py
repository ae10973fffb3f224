a = 17
b = 5
print(a + b, a - b, a * b)
print(a / b, a // b, a % b)
print(a ** 2, b ** 3)
print(-a + b, a - -b)
print(0 * a, a * 0 - 1)
total = 0
for n in range(1, 11):
    total = total + n * n
print("sum of squares:", total)
print(2 + 3 * 4 - 6 // 4)
print((2 + 3) * (4 - 6) // 4)
