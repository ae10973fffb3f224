# Decimal construction: strings, ints, floats, tuples, and the strings back.
from decimal import Decimal, InvalidOperation, localcontext, FloatOperation

for s in ['0', '-0', '1.50', '  -1_000.5  ', '1e10', '1E-7', '0.000001', '123e7', '-0E-8',
          'Infinity', '-inf', 'NaN', 'nan123', '-sNaN7', '.5', '5.', '1_2.3_4e1_0', '١٢٣', '1__0', '_1', '1._5', '1e_5', 'nan_1', '\t1\n']:
    d = Decimal(s)
    print(repr(s), repr(d), str(d), d.to_eng_string())

for bad in ['', 'abc', '_', '1e', '--1', '1.2.3', 'e5', 'inf5', 'nan.5', 'in f', '1 0']:
    try:
        Decimal(bad)
    except InvalidOperation as e:
        print(repr(bad), type(e).__name__, e)

print(Decimal(10**30), Decimal(-7), Decimal(True))
print(Decimal(0.1))
print(Decimal(-0.0), Decimal(float('inf')), Decimal(2.5e-10))
print(Decimal.from_float(0.5), Decimal.from_float(3))
print(Decimal((0, (1, 2, 3), -2)), Decimal((1, (0,), 5)), Decimal((0, (), 'F')), Decimal((1, (4, 2), 'N')))
print(Decimal([0, [1, 0], 3]))
print(Decimal(), Decimal(Decimal('1.230')))

for bad in [None, [1, 2], (0, (1,)), (3, (1,), 0), (0, (1, 10), 0), (0, (1,), 'x'), (0, (1,), 1.5), {}]:
    try:
        Decimal(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

with localcontext() as ctx:
    ctx.traps[FloatOperation] = True
    try:
        Decimal(1.5)
    except FloatOperation as e:
        print('trapped', e)
    print(Decimal.from_float(1.5))

with localcontext() as ctx:
    ctx.traps[InvalidOperation] = False
    print(Decimal('junk'), ctx.flags[InvalidOperation])

t = Decimal('-3.14').as_tuple()
print(t, t.sign, t.digits, t.exponent)
print(Decimal('inf').as_tuple(), Decimal('nan').as_tuple(), Decimal('-snan12').as_tuple())
print(Decimal(t) == Decimal('-3.14'))
print(type(Decimal(1)), Decimal, isinstance(Decimal(1), Decimal), type(Decimal(1)).__name__)
