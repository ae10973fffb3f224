# names are bound only when the whole pattern matched; alternatives bind the
# same names; deques and namedtuples are sequences; **rest is a plain dict
from collections import Counter, deque, namedtuple

a = 'before'
match [1, 2]:
    case [a, 3]:
        pass
    case _:
        pass
print(a)
for subject in ([1, 5], (2, 6), [3, 7], [9, 9, 9]):
    match subject:
        case [1, x] | [2, x] as whole:
            print('alt', x, whole)
        case [y, z] if y > z:
            print('guard', y, z)
        case [y, z]:
            print('pair', y, z)
        case _:
            print('other')
print(y, z)
P = namedtuple('P', 'x y')
for s in (deque([1, 2]), P(3, 4), 'ab', iter([1, 2])):
    match s:
        case [first, second]:
            print('two', first, second)
        case _:
            print('not a sequence', type(s).__name__)
match Counter('aab'):
    case {'a': count, **others}:
        print(count, others, type(others).__name__)
