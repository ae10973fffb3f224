# sqrt, exp, ln, log10 and powers: correctly rounded results and their signals.
import math
from decimal import Decimal as D, localcontext, Context, getcontext, DecimalException, ROUND_UP, ROUND_DOWN, ROUND_FLOOR

def run(f):
    c = getcontext()
    c.clear_flags()
    try:
        r = repr(f())
    except DecimalException as e:
        r = '!' + type(e).__name__ + ' ' + str(e)
    return r, [k.__name__ for k, v in c.flags.items() if v]

cases = [
    lambda: D(2).sqrt(), lambda: D(4).sqrt(), lambda: D('0.0100').sqrt(), lambda: D('-0').sqrt(), lambda: D(-1).sqrt(),
    lambda: D('1e-7').sqrt(), lambda: D('inf').sqrt(), lambda: D('12345.6789').sqrt(),
    lambda: D(1).exp(), lambda: D(0).exp(), lambda: D(-1).exp(), lambda: D('0.001').exp(), lambda: D('1e-30').exp(),
    lambda: D(230).exp(), lambda: D(1000000).exp(), lambda: D(-1000000).exp(), lambda: D('-inf').exp(), lambda: D(3000000).exp(),
    lambda: D(10).ln(), lambda: D(1).ln(), lambda: D('1.000').ln(), lambda: D(0).ln(), lambda: D(-1).ln(),
    lambda: D('0.5').ln(), lambda: D('1e100').ln(), lambda: D('1.0000001').ln(), lambda: D('2.718281828459045235360287471').ln(),
    lambda: D(100).log10(), lambda: D('0.001').log10(), lambda: D(2).log10(), lambda: D('1000.0').log10(), lambda: D('9.99').log10(),
    lambda: D(2) ** 10, lambda: D(2) ** -2, lambda: D('1.10') ** 3, lambda: D(2) ** 100, lambda: D(3) ** D('0.5'),
    lambda: D(4) ** D('0.5'), lambda: D(-8) ** D('0.5'), lambda: D(0) ** 0, lambda: D(0) ** -2, lambda: D('-0') ** -3,
    lambda: D('inf') ** 0, lambda: D('-inf') ** 3, lambda: D(2) ** D('inf'), lambda: D('0.5') ** D('inf'), lambda: D(1) ** D('inf'),
    lambda: D('1.000') ** 100, lambda: D(10) ** D(10**7), lambda: D('0.1') ** D(10**7), lambda: D('1.000001') ** 1000000,
    lambda: D('2.5') ** D('-1.5'), lambda: 2 ** D('0.5'), lambda: D(7) ** D('1e2'), lambda: D('1.0') ** D('0.5'),
    lambda: pow(D(2), 10, 1000), lambda: pow(D(3), 200, 7), lambda: pow(D(-3), 3, 7), lambda: pow(D(2), -1, 7),
    lambda: pow(D(2), 3, 0), lambda: pow(D('2.5'), 2, 7), lambda: pow(D('20E1'), 3, 7),
]
for f in cases:
    print(*run(f))
for prec, mode in [(5, ROUND_UP), (9, ROUND_DOWN), (50, ROUND_FLOOR), (60, ROUND_UP)]:
    with localcontext(prec=prec, rounding=mode):
        for f in [lambda: D(10) ** 99, lambda: D(2) ** -340, lambda: D(300).exp(), lambda: D('1e-99').sqrt(),
                  lambda: D('0.1') ** D('100.5'), lambda: D(4) ** D('-0.5'), lambda: D(10).ln(), lambda: D(7).log10()]:
            print(prec, mode, *run(f))
print(math.sqrt(D('2.25')), math.floor(D('-1.5')), math.ceil(D('-1.5')), math.trunc(D('-1.5')), math.isnan(D('NaN')))
print(math.log(D(100), 10), math.fsum([D('0.1')] * 10), math.hypot(D(3), D(4)))
for bad in [lambda: math.sqrt(D('sNaN')), lambda: math.floor(D('nan'))]:
    try:
        bad()
    except ValueError as e:
        print('ValueError', e)
