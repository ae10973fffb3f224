n = 2 ** 200
s = str(n)
print(s)
print(len(s), s[:5], s[-5:])
print(int(s) == n)
print(str(-12345), repr(-12345))
print(str(0), str(-0))
m = -(3 ** 90)
print(m)
print(int(str(m)) == m)
digits = [int(ch) for ch in str(2 ** 50)]
print(digits, sum(digits))
