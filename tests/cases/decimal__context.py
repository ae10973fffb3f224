# Contexts: defaults, attributes, flags/traps dicts, localcontext and setcontext.
import copy
import decimal
from decimal import (Context, Decimal as D, getcontext, setcontext, localcontext, BasicContext,
                     ExtendedContext, DefaultContext, Inexact, Rounded, Overflow, InvalidOperation,
                     DivisionByZero, FloatOperation, Clamped, Subnormal, Underflow, ROUND_UP, ROUND_FLOOR)

setcontext(Context())
print(getcontext())
print(BasicContext)
print(ExtendedContext)
print(decimal.MAX_PREC, decimal.MAX_EMAX, decimal.MIN_EMIN, decimal.MIN_ETINY)
c = getcontext()
print(c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp, c.Etiny(), c.Etop(), c.radix())

c = Context(prec=7, rounding=ROUND_FLOOR, Emin=-9, Emax=99, capitals=0, clamp=1, flags=[Inexact], traps=[Rounded])
print(c)
print(Context(1, ROUND_UP, -5, 5, 0, 1, [], []))
print(Context(capitals=0).to_sci_string(D('1e9')), Context(prec=None).prec)

for name, value in [('prec', 0), ('prec', 10**20), ('prec', 'a'), ('Emax', -1), ('Emin', 1),
                    ('capitals', 2), ('clamp', 2), ('rounding', 'x'), ('flags', 1), ('traps', [Rounded]), ('foo', 1)]:
    try:
        setattr(c, name, value)
    except (ValueError, TypeError, OverflowError, AttributeError) as e:
        print(name, type(e).__name__, e)

c = Context()
c.create_decimal('1.23456789012345678901234567890')
print(c.flags[Inexact], c.flags[Rounded], c.flags[InvalidOperation])
print(c)
c.clear_flags()
c.flags[Subnormal] = True
print(c.flags[Subnormal], len(c.flags), list(c.flags.values()))
print(c.traps)
print(Rounded in c.flags, c.flags.get(Rounded), c.flags.get('x', 'dflt'))
print(c.flags.copy() == {s: s is Subnormal for s in c.flags})
c.traps.update({Inexact: True})
print(c.traps[Inexact])
c.clear_traps()
print(c.divide(D(1), D(0)), c.divide(D(0), D(0)), c.create_decimal('x'), c.flags[DivisionByZero])
print(c)

for bad in [lambda: Context(traps={Rounded: True}), lambda: c.flags['x'], lambda: hash(c.flags),
            lambda: copy.copy(c.flags), lambda: c.flags.pop(Rounded)]:
    try:
        bad()
    except (KeyError, TypeError, ValueError) as e:
        print(type(e).__name__, e)

setcontext(Context())
with localcontext() as lc:
    lc.prec = 5
    print(getcontext() is lc, D(1) / D(3))
    with localcontext(prec=2):
        print(D(1) / D(3))
    print(D(1) / D(3))
print(D(1) / D(3))
with localcontext(ExtendedContext) as lc:
    print(lc is ExtendedContext, D(1) / D(0))
try:
    with localcontext(prec=3):
        raise ValueError('boom')
except ValueError as e:
    print('restored', getcontext().prec, e)
for bad in [lambda: localcontext(prec=0), lambda: localcontext(5), lambda: getcontext(1), lambda: setcontext(5)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

mine = Context(prec=3)
setcontext(mine)
print(getcontext() is mine, D(2) / 3)
setcontext(ExtendedContext)
print(getcontext() is ExtendedContext, getcontext().prec)
setcontext(Context())

c = Context(prec=12)
d = c.copy()
d.prec = 3
print(c.prec, d.prec, copy.copy(c).prec, copy.deepcopy(c).prec, copy.copy(c) is c)

c = Context(prec=5)
print(c.add(1, 2), c.subtract(D('1.3'), D('1.07')), c.multiply(D('1.1'), 3), c.divide(1, 8), c.divide_int(7, 2))
print(c.remainder(7, 2), c.remainder_near(7, 4), c.divmod(7, 2), c.power(2, 10), c.power(2, 10, 1000), c.fma(2, 3, 4))
print(c.abs(-5), c.minus(5), c.plus(D('1.234567')), c.sqrt(2), c.exp(1), c.ln(10), c.log10(1000))
print(c.quantize(D('1.234'), D('0.1')), c.normalize(D('1.200')), c.to_integral(D('2.5')), c.to_eng_string(D('1e-7')))
print(c.is_zero(0), c.number_class(1), c.max(1, 2), c.min_mag(-1, 2), c.compare(1, 2), c.copy_sign(1, -2))
print(c.logb(D(250)), c.scaleb(D(1), 3), c.same_quantum(D('1.0'), D('2.0')), c.next_plus(D(1)), c.next_toward(D(1), 0))
print(c.create_decimal('3.14159265'), c.create_decimal(), c.create_decimal_from_float(0.1))
for bad in [lambda: c.abs(), lambda: c.abs(1, 2), lambda: c.abs(a=1), lambda: c.add(1), lambda: c.add(a=1, b=2),
            lambda: c.fma(1, 2), lambda: c.power(1), lambda: c.add('1', 2), lambda: c.add(1.5, 2),
            lambda: c.canonical(1), lambda: c.Etiny(1), lambda: c.create_decimal(1, 2),
            lambda: c.create_decimal_from_float('a')]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
with localcontext(capitals=0):
    print(D('1e10'), repr(D('1e10')))
