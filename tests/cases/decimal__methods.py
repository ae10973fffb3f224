# Decimal methods: quantize, integral rounding, conversions, predicates, hashing and copies.
import copy
import math
from decimal import (Decimal as D, localcontext, Context, getcontext, InvalidOperation, Inexact, Rounded,
                     ROUND_DOWN, ROUND_UP, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_CEILING, ROUND_FLOOR)

print(D('1.41421356').quantize(D('1.000')), D('7.325').quantize(D('.01'), rounding=ROUND_DOWN),
      D('7.325').quantize(D('1.'), rounding=ROUND_UP), D('2.675').quantize(D('0.01'), ROUND_HALF_UP),
      D('2.665').quantize(D('0.01')), D('-2.675').quantize(D('0.01'), ROUND_CEILING), D('123').quantize(D('1e1')),
      D('0').quantize(D('1e-5')), D('-0').quantize(D('1e2')), D('inf').quantize(D('-inf')), D('1.23').quantize(2))
for bad in [lambda: D(1).quantize(D('1e-30')), lambda: D(1).quantize(1.5), lambda: D(1).quantize(D(1), 'X'),
            lambda: D(1).quantize(), lambda: D(1).quantize(D(1), None, None, None), lambda: D(1).quantize(D(1), context=5)]:
    try:
        bad()
    except (InvalidOperation, TypeError) as e:
        print(type(e).__name__, e)
print(D('2.5').to_integral(), D('3.5').to_integral(), D('-2.5').to_integral_value(ROUND_HALF_UP),
      D('1.9').to_integral_exact(rounding=ROUND_DOWN), D('1e3').to_integral(), D('-0.5').to_integral())
print(D('1.200').normalize(), D('120.0').normalize(), D('-0.00').normalize(), D('1.2300').normalize(Context(prec=2)))
print(round(D('2.5')), round(D('3.5')), round(D('-2.5')), round(D('2.675'), 2), round(D('123.456'), -1), round(D('1.25'), 1))
print(int(D('-7.9')), int(D('1e30')), math.floor(D('2')), float(D('1.1')), float(D('-0')), float(D('1e400')), float(D('nan')))
for bad in [lambda: round(D('nan')), lambda: int(D('-inf')), lambda: math.floor(D('snan')), lambda: round(D('1.5'), 1.5),
            lambda: float(D('snan')), lambda: D('nan').as_integer_ratio(), lambda: D('inf').as_integer_ratio(),
            lambda: hash(D('snan')), lambda: D(1).is_nan(1), lambda: D(1).compare(), lambda: D(1).sqrt(1),
            lambda: D(1).copy_sign(2.0), lambda: D(1).foo(), lambda: setattr(D(1), 'real', 5)]:
    try:
        bad()
    except (ValueError, OverflowError, TypeError, AttributeError) as e:
        print(type(e).__name__, e)
print(D('3.14').as_integer_ratio(), D('-123e5').as_integer_ratio(), D('0.125').as_integer_ratio())
print(D(1).next_minus(), D(1).next_plus(), D('inf').next_minus(), D(0).next_plus(), D(1).next_toward(2), D('-0').next_toward(0))
print(D('1.5').number_class(), D('-0').number_class(), D('1e-1000000').number_class(), D('-inf').number_class(), D('snan').number_class())
print(D('250').logb(), D('0.03').logb(), D('7.50').scaleb(3), D('7.50').scaleb(-2))
print(D('123456789').rotate(-2), D('123456789').rotate(2), D('123456789').shift(2), D('123456789').shift(-2), D('-12').shift(1))
print(D('1100').logical_and(D('1010')), D('1100').logical_or(D('1010')), D('1100').logical_xor(D('1010')), D('0').logical_invert())
print(D('1.20').adjusted(), D('-1.2e5').adjusted(), D(5).is_canonical(), D('1').is_normal(), D('1e-1000000').is_subnormal(),
      D('-0').is_signed(), D('snan').is_snan(), D('inf').is_infinite(), D('0e9').is_zero(), D('nan').is_qnan())
print(D('-1.5').copy_abs(), D('1.5').copy_negate(), D('1.5').copy_sign(-2), D(7).radix(), D('1.5').real, D('1.5').imag, D('1.5').conjugate())
print(D(1).compare(2), D(2).compare(D('2.0')), D('nan').compare(1), D(1).compare_total(D('1.0')), D('-1').compare_total_mag(D('1.0')))
print(D(3).max(D('nan')), D(-3).max_mag(D(2)), D(1).min(D('1.0')), D(-3).min_mag(D(2)), D('2.17').same_quantum(D('7.01')))
print(D('1.0') == D(1), D('1.5') == 1.5, D(1) == 1, D('0.1') != 0.1, D('nan') != D('nan'), D(2) > 1, 1 < D(2), D('inf') > 10**100)
print(hash(D(1)) == hash(1), hash(D('1.00')) == hash(1), hash(D('1.5')) == hash(1.5), hash(D('-0')) == hash(0),
      hash(D('1e3')) == hash(1000), hash(D('0.1')) == hash(D('0.10')), hash(D(0.1)) == hash(0.1))
print({D('1.0'): 'a'}[1], {D(2), 2, 2.0}, sorted([D(3), D('1.2'), 2, 0.5]), max([D(3), D('3.5'), 1]), min(D('-1'), -2))
with localcontext() as ctx:
    ctx.traps[InvalidOperation] = False
    print(D('nan') < 1, D('nan') >= 1, ctx.flags[InvalidOperation])
d = D('1.50')
print(copy.copy(d) is d, copy.deepcopy(d) is d, d.__reduce__(), d.__float__(), d.__int__(), d.__floor__(), d.__ceil__())
print(bool(D(0)), bool(D('0.00')), bool(D('nan')), bool(D('0.1')))
