from collections import Counter, defaultdict, deque, namedtuple


class P:
    pass


p = P()
object.__setattr__(p, 'x', 5)
print(p.x)
for bad in (lambda: object.__setattr__(p, 1, 2), lambda: object.__setattr__(1, 'x', 2)):
    try:
        bad()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
BIG = 10**30
print('abcabc'.find('b', BIG), 'abcabc'.find('b', -BIG), [1, 2, 3].index(2, -BIG), deque([1, 2, 3]).index(2, -BIG))
NT = namedtuple('NT', 'a b')
print(NT(1, 2).index(2), NT(1, 2).count(1))
try:
    [1, 2].index(2, None)
except TypeError as e:
    print(e)
try:
    deque([1])['k']
except TypeError as e:
    print(e)
c = Counter(a=2, b=-1)
print(+c, -c, type(-c).__name__, c)
print(type(c), type(defaultdict(int)))
try:
    +defaultdict(int)
except TypeError as e:
    print(e)
for i in range(3):
    try:
        raise ValueError('x')
    except ValueError as caught:
        break
try:
    caught
except NameError:
    print('unbound after break')
try:
    try:
        raise ValueError('a')
    except ValueError as gone:
        raise TypeError('b')
except TypeError:
    pass
try:
    gone
except NameError:
    print('unbound after raise')
big = 5
try:
    _r, *_s = big
except TypeError as e:
    print(e)
