from collections import Counter, defaultdict, deque

d = deque([1, 2, 3, 4])
d[0] = 99
d[-1] = 'end'
del d[1]
print(d)
for bad in ['x', 10]:
    try:
        d[bad] = 1
    except (TypeError, IndexError) as e:
        print(type(e).__name__, e)
try:
    del d[-10]
except IndexError as e:
    print('IndexError', e)

dd = defaultdict(list)
print(dd.__missing__('k'), dict(dd))
try:
    defaultdict().__missing__('z')
except KeyError as e:
    print('KeyError', e)
print(Counter().__missing__('q'))

a, b = Counter(a=1, b=2), Counter(a=2, b=2)
print(a <= b, a < b, b >= a, b > a, a == b, a != b)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) < Counter(a=1, b=0))
try:
    Counter().update([1], [2])
except TypeError as e:
    print(e)
for spec in [2, None]:
    try:
        format(1, spec)
    except TypeError as e:
        print(e)
print({1: 'a'}.keys() == {1}, {1} == {1: 2}.keys(), {1: 'a'}.keys() != frozenset({2}), {}.keys() == set())
