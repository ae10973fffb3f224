# dict.update / dict() / |= from sequences of pairs: the element that is not
# a pair is named with its length (iterators are consumed to count them)
for source in [[('a', 1), 'x', ('c', 3)], [[]], [(1, 2, 3)], [('a', 1), range(5)],
               [iter([1, 2, 3])], [5], [('k', 'v'), ['l', 'w']]]:
    d = {}
    try:
        d.update(source)
        print('ok', d)
    except (ValueError, TypeError) as exc:
        print(type(exc).__name__, exc, d)

# |= accepts what update() accepts
target = {'a': 1}
alias = target
target |= [('c', 4), ('a', 5)]
target |= {'z': 0}.items()
target |= {'b': 2}.keys() and [('b', 2)]
print(target is alias, target)
for bad in (None, 1, [('x', 1, 2)]):
    try:
        target |= bad
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
try:
    target | [('c', 4)]
except TypeError as exc:
    print(exc)


# a key whose __eq__ raises stops a merge with `|` as it does update()
class CollidingKey:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise ValueError('collide')


class SameHash:
    def __hash__(self):
        return 1


for op in ('|', 'update'):
    try:
        left = {CollidingKey(): 0}
        right = {SameHash(): 1, 'after': [2]}
        if op == '|':
            left | right
        else:
            left.update(right)
        print('no error')
    except ValueError as exc:
        print(op, exc)


class Eq:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return 7

    def __eq__(self, other):
        return isinstance(other, Eq) and self.n == other.n

    def __repr__(self):
        return f'Eq({self.n})'


print({Eq(1): 'a'} | {Eq(1): 'b', Eq(2): 'c'})
