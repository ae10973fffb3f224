# complex among builtins and modules: attributes, methods, conversions that
# refuse it, math, json, copy, itertools, %-formatting
import copy
import itertools
import json
import math

z = 3 - 4j
print(z.real, z.imag, type(z.real).__name__, z.conjugate(), (1j).conjugate(), z.__class__)
print((5).real, (5).imag, (2.5).imag, (2.5).conjugate(), hasattr(z, 'real'), getattr(z, 'imag'))
try:
    z.conjugate(1)
except TypeError as e:
    print('TypeError', e)
for name in ['foo', 'is_integer']:
    try:
        getattr(z, name)
    except AttributeError as e:
        print('AttributeError', e)
try:
    z.real = 2
except AttributeError as e:
    print('AttributeError', e)
try:
    z.foo = 2
except AttributeError as e:
    print('AttributeError', e)

for f in [int, float, round, range, len, iter, math.sqrt, math.floor, math.isnan, math.fsum,
          lambda x: '%f' % x, lambda x: '%d' % x, lambda x: '%x' % x, lambda x: [1, 2][x],
          lambda x: 'ab' * x, bin, hex, chr, lambda x: math.log(x, 2)]:
    try:
        f(z) if f is not math.fsum else f([z])
    except TypeError as e:
        print('TypeError', e)
try:
    json.dumps(1j)
except TypeError as e:
    print('TypeError', e)
try:
    json.dumps({'a': [1, 2j]})
except TypeError as e:
    print('TypeError', e)
print(json.dumps(1j, default=repr), json.dumps([1j], default=lambda c: [c.real, c.imag]))

print(copy.copy(z) is z, copy.deepcopy(z) == z, copy.deepcopy([z, (z,)]))
print(list(itertools.islice(itertools.count(1j), 3)), list(itertools.islice(itertools.count(1, 1j), 3)))
print(list(itertools.accumulate([1, 1j, 2 + 2j])), max([1j, 2j], key=abs), sorted([3j, 1, -2j], key=abs))
print('%s and %r and %5s' % (1j, 2 + 0j, 1j), '{} {!r}'.format(z, z))
print(str(complex), repr(complex), complex.__name__, type(1j) is complex)
print([complex(x, -x) for x in range(3)], {complex(k, 0): k for k in range(2)})

def escape_count(z, c):
    for i in range(50):
        if abs(z) > 2:
            return i
        z = z * z + c
    return 50

print([escape_count(complex(x / 4, y / 4), -0.7 + 0.27015j) for x in range(-4, 5, 2) for y in range(-2, 3, 2)])
z
