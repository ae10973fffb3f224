# Counter, OrderedDict and defaultdict carry their methods and operators.
from collections import Counter, OrderedDict, defaultdict

c = Counter('abracadabra')
d = Counter(a=1, z=2)
print(c + d, c - d, c | d, c & d, +Counter(a=-1, b=2), -Counter(a=-1, b=2))
print(c == Counter('abracadabra'), c != d, Counter(a=1) <= Counter(a=2), Counter(a=1) < Counter(a=1), Counter(a=2) >= Counter(a=1))
print(c == dict(c), dict(c) == c)
e = Counter(a=3)
e += {'a': 1, 'b': -2}
print(e)
e -= Counter(a=10)
print(e)
print(sorted(c.elements())[:4], c.most_common(2), c.total())
c.subtract(a=5)
c.update(['z', 'z'])
print(c['a'], c['z'], c['missing'], 'most_common' in dir(c), hasattr(c, 'total'))
for f in [lambda: c + {}, lambda: c < {}, lambda: c.most_common(1, 2), lambda: c.update(1, 2), lambda: c.elements(1), lambda: c.total(1), lambda: c.most_common(n=1, m=2)]:
    try:
        print(f())
    except TypeError as err:
        print('TypeError:', err)

o = OrderedDict.fromkeys('abc', 0)
o.move_to_end('a')
o.move_to_end('c', last=False)
print(o, o.popitem(), o.popitem(last=False), o)
try:
    o.move_to_end('zz')
except KeyError as err:
    print('KeyError:', err)
for f in [lambda: o.move_to_end(), lambda: o.move_to_end('b', True, 3), lambda: o.popitem(1, 2), lambda: o.move_to_end('b', lst=1)]:
    try:
        print(f())
    except TypeError as err:
        print('TypeError:', err)
try:
    OrderedDict().popitem()
except KeyError as err:
    print('KeyError:', err)

dd = defaultdict(list)
dd['x'].append(1)
print(dd, dd.__missing__('y'), dict(dd))
print(OrderedDict(a=1) | {'b': 2}, defaultdict(int, a=1) | {'b': 2})
