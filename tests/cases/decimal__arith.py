# Decimal arithmetic with ints, precision, rounding and the signals raised.
from decimal import (Decimal as D, localcontext, Context, getcontext, ROUND_UP, ROUND_DOWN, ROUND_FLOOR,
                     ROUND_CEILING, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_05UP, ROUND_HALF_EVEN,
                     DivisionByZero, InvalidOperation, Inexact, Rounded, Overflow, Underflow,
                     Subnormal, Clamped, DecimalException)

def flags(ctx):
    return [k.__name__ for k, v in ctx.flags.items() if v]

prices = [D('19.99'), D('5.01'), D('0.10')]
total = sum(prices)
print(total, total * 3, total / 3, total // 3, total % 3, -total, +total, abs(-total))
print(D('1.1') + 2, 2 - D('0.5'), 3 * D('0.1'), 10 / D(4), 7 // D(2), -7 % D(2), D(2) ** 10, 2 ** D(3))
print(divmod(D(-7), 2), divmod(10, D('3')))
print(D('1E+30') + 1, D('1e-30') + 1, D('5E+40') + 0, D('0E+5') + D('0E+3'), D('-0') + D('-0'))
print(D('123456789012345') * D('987654321098765'))

for mode in [ROUND_UP, ROUND_DOWN, ROUND_FLOOR, ROUND_CEILING, ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_05UP, ROUND_HALF_EVEN]:
    with localcontext(prec=3, rounding=mode) as ctx:
        print(mode, D(2) / 3, D(-2) / 3, +D('1.245'), +D('-1.255'), +D('1.205'), D('1.00') - D('1.00'))

with localcontext(Context()) as ctx:
    print(D(1) / 4, flags(ctx))
    print(D(1) / 3, flags(ctx))
    ctx.clear_flags()
    print(D('1.0000000000000000000000000000001') + 0, flags(ctx))

with localcontext(Context(traps=[])) as ctx:
    print(D(1) / 0, D(-1) / 0, D(0) / 0, D(1) % 0, D('inf') - D('inf'), D('sNaN3') + 1, flags(ctx))
    ctx.clear_flags()
    print(D('9E+999999') * 10, flags(ctx))
    ctx.clear_flags()
    print(D('1E-999999') / 10, flags(ctx))
    ctx.clear_flags()
    print(D('1E-999999') * D('1E-28'), flags(ctx))

with localcontext(Context(prec=3, Emax=9, Emin=-9, traps=[], clamp=1)) as ctx:
    print(D('999') * D('1E+7'), D('999') * D('1E+8'), +D('1E+9'), flags(ctx))

for expr in [lambda: D(1) / 0, lambda: D(0) / 0, lambda: D(5) // 0, lambda: D(5) % 0, lambda: divmod(D(1), 0),
             lambda: D('inf') * 0, lambda: D('1E+30') // D('0.001'), lambda: D('9E+999999') * 10,
             lambda: D('nan') < 1, lambda: D('snan') == 1]:
    try:
        expr()
    except DecimalException as e:
        print(type(e).__name__, e, isinstance(e, ZeroDivisionError), isinstance(e, ArithmeticError))

for expr in [lambda: D(1) + 1.5, lambda: 1.5 * D(1), lambda: D(1) / 'a', lambda: D(1) - None, lambda: D(1) < 'a']:
    try:
        expr()
    except TypeError as e:
        print('TypeError', e)

with localcontext(Context(traps=[Underflow, Inexact])):
    try:
        D('1E-999999') / D('3E+30')
    except Underflow as e:
        print(type(e).__name__, e)

print(D('1e999999') + 1, D('1e999999999') - D('1e-999999999') if False else 'skip')
with localcontext(Context(traps=[])) as ctx:
    print(D('1e999999999') + 1, D('1e-999999999') + 1, flags(ctx))
print(D(18).remainder_near(10), D(25).remainder_near(10), D(35).remainder_near(10), D(2).fma(3, 5))
