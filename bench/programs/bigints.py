# Big ints: factorial, powers, pow with modulus, digit sums, integer division.
f = 1
for i in range(1, 1401):
    f *= i
digits = str(f)
acc = sum(int(c) for c in digits)
p = 3 ** 8000
acc += p % 1000000007 + len(str(p))
m = 0
for i in range(5000):
    m = (m + pow(7, 10**30 + i, 10**40 + 9)) % (10**40 + 9)
q = f // (p // 10**3000 + 1)
acc += q % 99991 + m % 1000003
a, b = 0, 1
for _ in range(40000):
    a, b = b, a + b
acc += a % 1000003 + a.bit_length()
r = 1
for i in range(1, 3000):
    r = (r * (i * i + 1) + i) % (2**521 - 1)
acc += r % 1000003
print("checksum", acc)
