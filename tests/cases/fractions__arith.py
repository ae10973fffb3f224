# Fraction arithmetic with ints, floats, complex numbers and fractions;
# comparisons, hashing, rounding and conversions.
from fractions import Fraction as F
from decimal import Decimal
import math


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


a, b = F(1, 3), F(3, 4)
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b), a ** 2, a ** -2)
print(a + 1, 1 + a, a - 1, 1 - a, a * 2, 2 * a, a / 2, 2 / a, a // 2, 7 // a, a % 2, 7 % a)
print(divmod(7, a), divmod(a, 2), divmod(F(-7, 2), F(1, 3)), F(-7, 2) // 1, F(-7, 2) % 1)
print(a + 0.5, 0.5 + a, a * 1j, 1j * a, a / 0.5, a ** 0.5, 2.0 ** a, a + True, (1 + 1j) * F(1, 2))
print(b ** F(1, 2), 2 ** a, 2 ** F(2), 1 ** F(1, 2), 4 ** F(1, 2), 8 ** F(-1, 3), 0 ** F(2))
print(F(0) ** 0, F(2) ** 100, F(2, 3) ** 3, (-a) ** 3, F(-2, 3) ** -3, F(1, 3) ** 2.0)
print(F(3, 2) // 0.5, 3.5 % F(1, 3), divmod(F(7, 2), 0.5), divmod(3.5, F(1, 2)))
print(-a, +a, abs(F(-3, 4)), sum([F(1, 2), F(1, 3), F(1, 6)]), sum([F(1, 3)] * 3, F(0)))
x = F(1, 10)
x += F(2, 10)
x *= 3
x -= 1
print(x, type(x).__name__)

show(lambda: a / 0)
show(lambda: F(2, 3) / F(0))
show(lambda: a // 0)
show(lambda: a % 0)
show(lambda: divmod(a, 0))
show(lambda: F(0) ** -1)
show(lambda: F(0, 1) ** -2)
show(lambda: 1 / F(0))
show(lambda: a + "x")
show(lambda: a & 1)
show(lambda: a < "x")
show(lambda: a < 1j)
show(lambda: pow(a, 2, 3))
show(lambda: a // 1j)
show(lambda: a @ a)
show(lambda: F(-1, 2) ** F(1, 2))

print(a == F(2, 6), a == 1 / 3, F(1, 2) == 0.5, F(1, 2) < 0.6, F(1, 2) >= 0.5, F(5) == 5, 5 == F(5))
print(F(1, 2) == 0.5 + 0j, F(1, 2) != 1j, a > float("nan"), a < float("inf"), a > -float("inf"))
print(F(1, 2) == Decimal("0.5"), Decimal("0.3") < F(1, 2), F(1, 2) < Decimal("Infinity"))
print(F(1, 10 ** 400) < 1e-300, F(10 ** 20, 3) + 0.5, float(F(10 ** 400, 3) / 10 ** 390))
print(sorted([F(1, 2), 0.3, F(1, 4), 1, -2, F(-5, 2)]), max(F(1, 2), F(2, 3)), min(F(1, 3), 0.3, 1))
print(hash(F(1, 2)) == hash(0.5), hash(F(5)) == hash(5), hash(F(1, 3)), hash(F(-1, 3)))
print(hash(F(10 ** 30, 7)), hash(F(1, 2 ** 61 - 1)), hash(F(-1)), hash(F(1, 2)) == hash(F(2, 4)))
print({0.5: "half"}[F(1, 2)], {5: "five"}[F(5)], F(1, 3) in {F(2, 6)}, len({F(1, 2), 0.5, F(2, 4)}))
print({F(1, 2): 1, 0.5: 2}, F(1, 2) in [0.5], {F(1, 3): "third"}.get(F(2, 6)))

print(float(a), int(F(-7, 2)), int(F(10 ** 30 + 1, 10)), bool(F(0)), bool(a), complex(a))
print(round(F(5, 2)), round(F(7, 2)), round(F(-5, 2)), round(F(1, 3), 2), round(F(12345, 7), -2))
print(round(F(7, 3), 0), round(F(7, 3), -1), F(7, 3).__round__(1), round(F(-1, 2)), round(F(3, 2)))
print(math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2)), math.floor(F(7, 2)),
      math.ceil(F(7, 2)), math.trunc(F(7, 2)), math.floor(F(4)), F(7, 2).__floor__())
print(math.sqrt(F(1, 4)), math.isclose(F(1, 3), 1 / 3), math.fsum([F(1, 3)] * 3))
print([F(n, 4) for n in range(-3, 4)])
total = F(0)
for price in ["19.99", "5.01", "0.10"]:
    total += F(price)
print(total, float(total), total == F("25.10"), f"{total:.2f}")
