# int(): too many arguments in CPython's two wordings; the 4300-digit limit
# for bases that are not powers of two
for f in (lambda: int('5', 10, 3), lambda: int('5', 10, base=16), lambda: int('5', bogus=1),
          lambda: int(x='5'), lambda: int('5', base=10, x=1), lambda: int('5', bas=1), lambda: int(base=3)):
    try:
        print(f())
    except TypeError as e:
        print(e)
print(int(), int('ff', 16), int('ff', base=16), int(3.5), int('12'))
for b in (10, 12, 0, 16, 36, 2):
    try:
        print(b, int('1' * 5000, b) > 0)
    except ValueError as e:
        print(b, e)
try:
    int('1_' * 4400 + '1')
except ValueError as e:
    print(e)
