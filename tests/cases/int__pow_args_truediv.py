# pow() arguments and errors, powers of 0/1/-1 with huge exponents, and
# int / int rounded once to the nearest float.
big = 2**70
print(pow(-1, big), pow(-1, big + 1), pow(1, big), pow(0, big), pow(0, 0), (-1) ** (2**64 + 1))
print(pow(base=2, exp=3), pow(2, 3, mod=5), pow(2, exp=3, mod=None), pow(2, 3, None))
for compute in [lambda: pow(2.0, 3, 5), lambda: pow(2, 3.0, 5), lambda: pow(2, 3, 5.0),
                lambda: pow(2.0, 'a', 3), lambda: pow('a', 2, 3), lambda: pow(2, 3, 'a'),
                lambda: pow(True, 2, 'a'), lambda: pow(2), lambda: pow(), lambda: pow(2, 3, 4, 5),
                lambda: pow(2, 3, 0), lambda: pow(2, base=3), lambda: pow(2, 3, bad=1)]:
    try:
        print(compute())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

huge = 2**2000
print(1 / huge, -1 / huge, 0 / -5, 0 / -huge, huge / huge, (huge + 1) / huge, huge / (huge // 2))
print((2**63 - 1) / (2**62 + 1), -(2**63) / 3, (2**53 + 1) / 1, (2**54 + 3) / 2)
print(1 / 2**1074, 1 / 2**1075, 3 / 2**1076, 3 / 2**1075, 5 / 2**1075, 7 / 2**1076)
print((2**1024 - 2**971) / 1, (2**1024 - 2**970 - 1) / 1, float(2**64 + 2**11 + 1))
print(10**400 / 10**399, -(10**400) / 7**300, 7**300 / -(10**300))
for compute in [lambda: huge / 1, lambda: (2**1024 - 2**970) / 1, lambda: huge / -(2**70), lambda: 1 / 0]:
    try:
        print(compute())
    except (OverflowError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
