# Big-int arithmetic computed on the operands in place: every sign, mixed
# machine and big ints, the results that fall back to machine ints.
big = 3**80
vals = [big, -big, 2**64, -(2**64), 7, -7, 1, 2**63 - 1, -(2**63)]
for a in vals:
    for b in (big, -(2**64), 7, -7, 2**63 - 1):
        print(a + b, a - b, a * b, a // b, a % b, divmod(a, b), a & b, a | b, a ^ b)
for a, b in ((big, 0), (5, 0), (-big, 0)):
    for f in (lambda: a // b, lambda: a % b, lambda: divmod(a, b)):
        try:
            f()
        except ZeroDivisionError:
            print("ZeroDivisionError")
print(divmod(2**100, 2**100), divmod(-(2**100), 3), divmod(10**30, -(10**15)))
print(type((2**64) - (2**64 - 5)), (2**64) - (2**64 - 5), type(big // big))
print(divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), divmod(True, 2))
n = 10**500
s = 0
while n:
    n, r = divmod(n, 10**7)
    s += r
print(s)
acc = 1
for i in range(1, 200):
    acc = (acc * (2**64 + i)) % (2**127 - 1)
print(acc)
for m in (0, 1, -1, 3, -3, 2**32 - 1, -(2**32 - 1), 2**32, -(2**32), 2**31):
    print(big * m, m * -big, (2**64 - 1) * m, -(2**64) * m)
f = 1
for i in range(2, 300):
    f *= i
print(f % (10**40 + 7), len(str(f)))
