import numbers
from decimal import Decimal
from fractions import Fraction

values = [3, True, 2.5, 1 + 2j, Fraction(1, 3), Decimal("1.5"), 10**30, "3", None, [1]]
abcs = [numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral]
for v in values:
    print(repr(v).ljust(20), [isinstance(v, a) for a in abcs])

for t in [int, bool, float, complex, Fraction, Decimal, str, list]:
    print(t.__name__.ljust(10), [issubclass(t, a) for a in abcs])

print(issubclass(numbers.Integral, numbers.Number), issubclass(numbers.Real, numbers.Integral))
print(numbers.Integral.__mro__[1:4] == (numbers.Rational, numbers.Real, numbers.Complex))
print(numbers.Number.__name__, numbers.Real.__module__)


class Meters(numbers.Real):
    pass


print(issubclass(Meters, numbers.Complex), issubclass(Meters, numbers.Integral))


def describe(x):
    if isinstance(x, numbers.Integral):
        return "integral"
    if isinstance(x, numbers.Rational):
        return "rational"
    if isinstance(x, numbers.Real):
        return "real"
    if isinstance(x, numbers.Complex):
        return "complex"
    if isinstance(x, numbers.Number):
        return "number"
    return "not a number"


print([describe(x) for x in values])
print(isinstance(3, (str, numbers.Real)))
