# format() of Decimals: types, precision, grouping, alignment, signs, and the context's rounding.
from decimal import Decimal as D, localcontext, ROUND_DOWN, ROUND_UP

x = D('1234567.891')
specs = ['', 'f', '.2f', '.0f', '#.0f', 'e', 'E', '.3e', '.0e', 'g', '.3g', '.0g', '.10g', 'n', '.3n',
         '%', '.2%', ',.2%', ',', ',.2f', '12,.3f', '015,.2f', '>15', '<15', '^15', '*^15', '015',
         '0=15', '+', ' ', '-', '30', '.1', '.15', '#.0e', '+.3e', ' .2%']
for s in specs:
    print(repr(s), repr(format(x, s)), repr(format(-x, s)))
vals = ['0', '-0', '0E+5', '-0.0001', '1E+5', '1.23456789E-8', '2.5', '99.97', '5', 'NaN', '-Infinity', '-sNaN12', '0.000001', '1E-7']
for v in vals:
    d = D(v)
    print(v, [format(d, s) for s in ['', 'f', '.2f', 'e', '.2e', 'g', '.3', '%', '010', 'z.1f', '+']])
print(format(D('1.01'), '030,.4e'), format(D('-123'), '-012,'), format(D('-123'), '=+12'), format(D('5'), 'é<9'))
with localcontext() as ctx:
    ctx.rounding = ROUND_DOWN
    print(format(D('2.675'), '.2f'), format(D('-2.675'), '.2f'), format(D('99.99'), '.2'))
    ctx.rounding = ROUND_UP
    print(format(D('2.671'), '.2f'), format(D('99.91'), '.2'))
    ctx.capitals = 0
    print(format(D('1e10'), ''), format(D('1e10'), 'G'), format(D('1e10'), 'E'))
y = D('1234.5')
print(f'{y:.2f}|{y:,.2f}|{y:>10}|{y:.2%}|{y!r}|{y!s:>8}|{y}', '{:^12}'.format(y), y.__format__('.1f'))
print('%.2f|%d|%i|%s|%r|%e|%5.1f%%|%g|%.3s' % (D('2.675'), D('2.7'), D('-2.7'), D('2.7'), D('2.7'), D('1.5'), D('12.345'), D('0.00001'), D('1.2345')))
print(len(format(D('1e999'), 'f')), len(format(D(1), '.1000f')), len(format(D(5), '1000')))
for s in ['.f', 'x', 'd', 's', ',_', '<020', ',n', 'ff', '99999999999999999999', '.99999999999999999999f']:
    try:
        format(x, s)
    except (ValueError, OverflowError) as e:
        print(repr(s), type(e).__name__, e)
for bad in [lambda: format(x, 1), lambda: x.__format__(1), lambda: '%x' % D(10), lambda: y.__format__('.1f', 5)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)
