# Big ints with machine-int operands: times ints of up to 32 bits (and just past),
# plus and minus machine ints, and powers of powers of two; both signs, both
# operand orders, digit counts around the 4-digit unrolling.
factors = [0, 1, -1, 2, 3, 7, 10, 255, 65535, 2**31 - 1, 2**31, 2**32 - 1, -(2**32 - 1), 2**32, -(2**32), 2**33 + 5]
bigs = [2**64, 2**64 - 1, -(2**64), 2**96 + 12345, 2**128 - 1, 2**160 + 3, -(2**200 + 7), 10**50, -(10**50) + 1, 3**300]
checksum = 0
for b in bigs:
    for f in factors:
        r = b * f
        assert r == f * b
        assert r == sum([b] * abs(f)) * (1 if f >= 0 else -1) if abs(f) <= 10 else True
        if f:
            assert r // f == b, (b, f)
            assert r % f == 0
        checksum = (checksum * 31 + r) % (2**61 - 1)
print(checksum)

# a factorial, its digit count and last digits
def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r

f = fact(1000)
print(len(str(f)), str(f)[:20], f % 10**12)
neg = -fact(30)
for k in (4294967295, -4294967295, 17, -1):
    neg *= k
print(neg)
x = 2**64
x *= 0
print(x, type(x).__name__)
print(-(2**70) * 1, (2**70) * -1)

# plus and minus a machine int, around digit boundaries and sign changes
smalls = [0, 1, -1, 2**31, -(2**31), 2**32 - 1, 2**62, -(2**63), 2**63 - 1]
bigs2 = [2**64, -(2**64), 2**64 - 1, 2**63, -(2**63) - 1, 2**96, -(2**96), 2**128 + 1]
acc = 0
for b in bigs2:
    for s in smalls:
        for r in (b + s, s + b, b - s, s - b):
            acc = (acc * 1000003 + r) % (2**89 - 1)
        assert b + s - s == b and (s - b) == -(b - s)
print(acc)
print(2**64 - 2**64, type(2**64 - 2**64).__name__, -(2**63) - 1 + 1)

# powers of powers of two (one shift) against repeated multiplication
for base in (2, 4, 8, 16, 1024, 2**32, 2**62, -2, -8):
    for e in (0, 1, 2, 3, 31, 32, 33, 63, 64, 65, 100, 521):
        p = base ** e
        q = 1
        for _ in range(e):
            q *= base
        assert p == q, (base, e)
print(2**521 - 1 == (1 << 521) - 1, 4**40, (-2)**65, 2**0, 1024**7)
e = 64
print(2**e, 8**e % 1000007, pow(2, 100), pow(16, 20, 1000))
