# Decimal next to complex numbers: equality through a zero imaginary part,
# no ordering, no mixed arithmetic, complex() of Decimals.
from decimal import Decimal, FloatOperation, localcontext
import operator

D = Decimal
print(D(1) == 1 + 0j, D(1) != 1 + 1j, D(1) == 1j, 1 + 0j == D(1), 1j != D(1))
print(D('1.5') == 1.5 + 0j, D('0.1') == 0.1 + 0j, D(0) == -0j, D('nan') == complex('nan'))
print(hash(D(1)) == hash(1 + 0j), {D(1): 'one'}.get(1 + 0j), {1 + 0j: 'c'}[D('1.00')])

for op in [operator.lt, operator.le, operator.gt, operator.ge]:
    for a, b in [(D(1), 1j), (1j, D(1)), (D(1), 1 + 0j)]:
        try:
            op(a, b)
        except TypeError as e:
            print(e)

for op in [operator.add, operator.sub, operator.mul, operator.truediv, operator.pow,
           operator.floordiv, operator.mod]:
    for a, b in [(D(1), 1j), (1j, D(1))]:
        try:
            print(op(a, b))
        except TypeError as e:
            print(e)

print(complex(D('2.5')), complex(D('1.5'), D('2')), complex(1, D('-0.5')))
print(complex(D('nan')), complex(D('-inf')), complex(imag=D(3)), complex(real=D('0.1')))
print(D('1.5').__complex__(), D(-3).__complex__(), type(D(7).__complex__()).__name__)
try:
    complex(D('snan'))
except ValueError as e:
    print('ValueError', e)

# equality with a complex sets FloatOperation but never traps
with localcontext() as lc:
    lc.traps[FloatOperation] = True
    lc.clear_flags()
    print(D(1) == 1 + 0j, lc.flags[FloatOperation])
    lc.clear_flags()
    print(D(1) == 1 + 2j, lc.flags[FloatOperation])
    try:
        D(1) < 1.5
    except FloatOperation as e:
        print('trapped', type(e).__name__)
