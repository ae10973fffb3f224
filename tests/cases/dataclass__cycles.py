# Self-referential dataclasses: repr elides the cycle with `...`, equality
# of distinct cycles ends in RecursionError (not a crash), and fields are
# compared one by one.
from dataclasses import dataclass


@dataclass
class Node:
    x: object


n = Node(None)
n.x = n
print(repr(n))
boxed = Node(None)
boxed.x = [boxed]
print(repr(boxed))
left, right = Node(None), Node(None)
left.x, right.x = right, left
print(repr(left), str(right))
deep = Node(0)
for _ in range(50):
    deep = Node(deep)
print(repr(deep).count('Node('))

a, b = Node(None), Node(None)
a.x, b.x = a, b
for x, y in [(a, b), (left, a)]:
    try:
        x == y
    except RecursionError:
        print('RecursionError')
print(a == a, Node(1) == Node(1), Node([1]) == Node([1]), Node(1) != Node(2))


@dataclass
class Partial:
    a: int
    b: int

    def __init__(self, a):
        self.a = a


print(Partial(1) != Partial(2), Partial(1) == Partial(2))
try:
    Partial(1) == Partial(1)
except AttributeError as e:
    print('AttributeError', e)
try:
    repr(Partial(1))
except AttributeError as e:
    print('AttributeError', e)


class Never:
    def __eq__(self, other):
        return False

    def __hash__(self):
        return 1


never = Never()
h = Node(never)
print(h == h, Node(never) == Node(never), [never] == [never])


class A:
    pass


A.__init__ = A
try:
    A()
except RecursionError:
    print('RecursionError from A.__init__ = A')
