# Arithmetic between complex, int, float and bool operands
print(1j * 1j, (1 + 2j) * (3 + 4j), (1 + 2j) / (3 + 4j), 1 / 1j, 1j / 2)
print((1 + 2j) / 2, 2 / (1 + 2j), (1 + 2j) + 1, 1 + (1 + 2j), 1.5 - 1j, 1j - 1.0)
print(True - 1j, 1j - True, 1j * True, (1 + 2j) / True, 10**30 + 1j)
print(sum([1j, 2j]), sum([1, 1j]), -(1j), +(1j), -(1 + 2j))
print(abs(3 + 4j), abs(complex(1e308, 1e308)), abs(0j), abs(-2j))
inf, nan = float('inf'), float('nan')
print(abs(complex(inf, nan)), abs(complex(nan, 1)), abs(complex(-inf, 0)))
print(bool(1j), bool(0j), bool(complex(0, -0.0)), bool(complex(nan, 0)))
print(5 / complex(3, 4), 10**30 / complex(1, 1), complex(1, 1) / inf)
print(1e308 / complex(1e-308, 1e-308))
print((1e308 + 1e308j) * 1e308, 1e308j * 1e308j, complex(1, inf) / complex(2, 0))

for f in [lambda: 1j / 0, lambda: 1j / 0j, lambda: 1 / 0j, lambda: 1.5 / 0j,
          lambda: 1j / False, lambda: complex(inf, 0) / 0]:
    try:
        f()
    except ZeroDivisionError:
        # CPython 3.14 says "division by zero" (3.13: "complex division by zero")
        print('ZeroDivisionError')

# powers
print(1j ** 2, 1j ** 100, 1j ** 99, (1 + 2j) ** 2, (1 + 2j) ** 2.0, (1 + 2j) ** -2)
print((1 + 1j) ** 100, (1 + 1j) ** 99, (1 + 1j) ** -100, (2 + 0j) ** 1023)
print(0j ** 0, 0j ** 0j, 0j ** 2, 0j ** 2.5, 0j ** 0.0, (1 + 2j) ** -0.0)
print(1j ** True, True ** 1j, pow(1j, 2), (3 + 4j) ** 1, (-1 + 0j) ** 3)
print(round(abs(1j ** 0.5 - (0.7071067811865476 + 0.7071067811865475j)), 12))
print(round(abs(2 ** 1j - (0.7692389013639721 + 0.6389612763136348j)), 12))
for f in [lambda: 0j ** -1, lambda: 0j ** 1j, lambda: (1e-200 + 1e-200j) ** -2]:
    try:
        f()
    except ZeroDivisionError:
        print('ZeroDivisionError')
for f in [lambda: (2 + 0j) ** 1024, lambda: 2 ** complex(1024, 0),
          lambda: (1e308 + 0j) ** 1.5,
          lambda: complex(inf, 0) ** 0.5, lambda: (-1e308) ** 1.5]:
    try:
        f()
    except OverflowError as e:
        print('OverflowError', e)
try:
    1j ** (10**400)
except OverflowError as e:
    print('OverflowError', e)
for f in [lambda: pow(1j, 2, 3), lambda: pow(1, 2, 1j), lambda: pow(1j, 2, 1.5),
          lambda: pow(1.5, 2, 1j), lambda: pow('a', 2, 1j), lambda: pow(2, 1j, 1.5)]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

# a negative real base with a fractional exponent is complex
r = (-8.0) ** (1 / 3)
print(type(r).__name__, round(r.real, 12), round(r.imag, 12))
print(round(((-8) ** 0.5).imag, 12), round(pow(-1, 2.5).imag, 12))
print((-1.0) ** inf, (-2.0) ** inf, (-inf) ** 0.5, (-0.0) ** 0.5, True ** 0.5, (-8) ** 2)

# operators complex does not have
for f in [lambda: 1j // 1, lambda: 1 // 1j, lambda: 1j % 1, lambda: divmod(1j, 1),
          lambda: divmod(1, 1j), lambda: 1j & 1, lambda: 1j << 1, lambda: 1j + 'a',
          lambda: 'a' + 1j, lambda: ~1j, lambda: 1j @ 1j, lambda: [1] * 1j,
          lambda: 1j * 'ab', lambda: 1j + None]:
    try:
        f()
    except TypeError as e:
        print('TypeError', e)
try:
    10**400 + 1j
except OverflowError as e:
    print('OverflowError', e)
x = 1 + 1j
x += 2
x *= 1j
x -= 1j
x /= 2
x **= 2
print(x)
try:
    x //= 2
except TypeError as e:
    print('TypeError', e)
