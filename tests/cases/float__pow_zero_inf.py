# Powers of zero with infinite and negative exponents.
inf = float('inf')
print(0.0 ** -inf, (-0.0) ** -inf, 0.0 ** inf, 0 ** -inf, 0.0 ** 0.0)
for base, exp in [(0.0, -1.0), (-0.0, -2.5), (0, -1.5), (0.0, -1)]:
    try:
        print(base ** exp)
    except ZeroDivisionError as e:
        print('ZeroDivisionError')  # (the message changed in 3.14)
