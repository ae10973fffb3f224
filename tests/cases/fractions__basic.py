# fractions.Fraction: construction from every accepted type, str/repr,
# attributes, methods and CPython's errors.
from fractions import Fraction
from decimal import Decimal
import fractions


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for text in ["1/3", " -2/4 ", "3.25", "-.5", "1e3", "1.5E-2", "1_000/3", "+7", "\u0663/\u0664",
             "1 /2", "1.", "\t5\n", "0", "-0", "12.5e-1", "2_5.5_0"]:
    show(Fraction, text)
for text in ["1/0", "", "x", ".", "1/-2", "0x10", "1e", "inf", "nan", "2/3e2", "1__0", "1/",
             "/2", "- 1", "1 2/3", "1.2.3", "_1", "1_"]:
    show(Fraction, text)
show(Fraction, 0.1)
show(Fraction, -0.0)
show(Fraction, 2.5)
show(Fraction, 1e20)
show(Fraction, 5e-324)
show(Fraction, float("inf"))
show(Fraction, float("nan"))
show(Fraction, Decimal("1.25"))
show(Fraction, Decimal("-0.001"))
show(Fraction, Decimal("nan"))
show(Fraction, Decimal("-inf"))
show(Fraction, 3, 0)
show(Fraction, 0, 5)
show(Fraction, -6, -4)
show(Fraction, 6, -4)
show(Fraction, True, 2)
show(Fraction, Fraction(1, 2), Fraction(3, 4))
show(Fraction, 1, Fraction(2, 3))
show(Fraction, Fraction(5, 10))
show(Fraction, numerator=3, denominator=6)
show(Fraction)
show(Fraction, 1.5, 2)
show(Fraction, 1, 2.0)
show(Fraction, "1/2", 3)
show(Fraction, [1])
show(Fraction, None)
show(Fraction, 1, 2, 3)
show(Fraction, 1, bogus=2)

a = Fraction(6, -8)
print(a, repr(a), str(Fraction(4, 2)), a.numerator, a.denominator, a.real, a.imag)
print(a.as_integer_ratio(), a.is_integer(), Fraction(4, 2).is_integer(), a.conjugate())
print(type(a), type(a).__name__, isinstance(a, Fraction), fractions.Fraction is Fraction, Fraction)
print(type(a.numerator), type(Fraction(10 ** 30, 7).numerator), Fraction(10 ** 30, 7))
print(Fraction.from_float(0.25), Fraction.from_float(3), Fraction.from_decimal(Decimal("0.75")),
      Fraction.from_decimal(4))
show(Fraction.from_float, "x")
show(Fraction.from_float, float("inf"))
show(Fraction.from_decimal, 1.5)

pi = Fraction(3.141592653589793)
print(pi, pi.limit_denominator(10), pi.limit_denominator(100), pi.limit_denominator())
print(Fraction(1, 3).limit_denominator(1), Fraction(-7, 3).limit_denominator(2),
      Fraction(3).limit_denominator(5), Fraction(0.1).limit_denominator(1000))
print(Fraction(1.1).limit_denominator(), Fraction(-1, 3).limit_denominator(3))
show(Fraction(1, 3).limit_denominator, 0)
show(Fraction(1, 3).limit_denominator, "9")

show(setattr, a, "numerator", 5)
show(lambda: a.foo)
show(a.is_integer, 1)
print(f"{a}", f"{a!r}", "%s|%r|%.2f|%d" % (a, a, a, Fraction(7, 2)), "{:.3f}".format(Fraction(2, 3)))
