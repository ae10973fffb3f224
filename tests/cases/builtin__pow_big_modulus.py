# Three-argument pow with a modulus of thousands of bits (Barrett reduction)
# agrees with square-and-multiply done by hand.


def slow(b, e, m):
    r, b = 1, b % m
    while e:
        if e & 1:
            r = r * b % m
        b = b * b % m
        e >>= 1
    return r


for m in [(1 << 3000) + 1, (1 << 3000) - 1, (1 << 2500) + 12345, 3 ** 2000, 2 ** 2100]:
    for b in [3, -7, 0, 1, m - 1, m + 5, (1 << 2999) - 3]:
        for e in [0, 1, 2, 3, 1000003, (1 << 70) + 77]:
            assert pow(b, e, m) == slow(b, e, m), (b, e)
    print('ok', m.bit_length(), pow(3, 100, m) == 3 ** 100 % m)
# negative modulus: the result takes its sign; negative exponent: inverse
m = (1 << 3000) + 1
print(pow(5, 12345, -m) == slow(5, 12345, m) - m)
inv = pow(5, -1, m)
print(inv * 5 % m, pow(5, -3, m) == pow(inv, 3, m))
big_odd = pow(3, (1 << 33) - 1, (1 << 131072) + 1)
print(big_odd % 1000003, big_odd % 999983, big_odd.bit_length())
big_even = pow(3, (1 << 33) - 1, (1 << 131072) - 1)
print(big_even % 1000003, big_even % 999983, big_even.bit_length())
