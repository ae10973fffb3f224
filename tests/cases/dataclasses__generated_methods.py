# The generated methods live in the class's own dict, as CPython's do.
from dataclasses import dataclass, field


@dataclass
class Point:
    x: int
    y: int = 0


print('__init__' in Point.__dict__, '__repr__' in Point.__dict__, '__eq__' in Point.__dict__)
print(Point.__hash__ is None, Point.__dict__['__hash__'])
p = Point(1, 2)
print(repr(p), Point.__repr__(p), p == Point(1, 2), p != Point(1, 3))
print(Point.__eq__(p, 5) is NotImplemented, p == 5)


# A subclass calls its base's generated __init__ through super().
@dataclass
class Point3(Point):
    z: int = 0

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z * 10


q = Point3(1, 2, 3)
print(q, q.z)


# An undecorated subclass inherits the methods; repr names the subclass.
class Named(Point):
    pass


print(Named(4, 5), Named(4, 5) == Named(4, 5), Named(4, 5) == Point(4, 5))


# A method the class body defines is kept.
@dataclass
class Custom:
    a: int

    def __repr__(self):
        return f"Custom<{self.a}>"


print(Custom(3), Custom(3) == Custom(3))


# A base's own __repr__ does not shadow the generated one of a dataclass.
class Base:
    def __repr__(self):
        return "Base!"


@dataclass
class Child(Base):
    n: int


print(Child(1))


# order=True: the four methods, NotImplemented across classes.
@dataclass(order=True)
class Version:
    major: int
    minor: int = 0


print(Version(1, 2) < Version(1, 3), Version(2) >= Version(1, 9), sorted([Version(2), Version(1, 5), Version(1)]))
print(Version.__lt__(Version(1), 3) is NotImplemented)
try:
    Version(1) < 3
except TypeError as e:
    print("TypeError:", e)

try:
    @dataclass(order=True)
    class Bad:
        a: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print("TypeError:", e)


# Hashing by CPython's table.
@dataclass(frozen=True)
class Frozen:
    a: int
    b: str = "x"


f = Frozen(1)
print(hash(f) == hash((1, "x")), {f: 1}[Frozen(1)], len({Frozen(1), Frozen(1), Frozen(2)}))


@dataclass(unsafe_hash=True)
class Unsafe:
    a: int


print(hash(Unsafe(7)) == hash((7,)))


@dataclass(eq=False)
class NoEq:
    a: int


n = NoEq(1)
print(n == NoEq(1), n == n, hash(n) == hash(n), '__eq__' in NoEq.__dict__)

try:
    hash(Point(1))
except TypeError as e:
    print("TypeError:", e)

try:
    @dataclass(unsafe_hash=True)
    class Both:
        a: int

        def __hash__(self):
            return 1
except TypeError as e:
    print("TypeError:", e)


# field(compare=False) is left out of eq, order and hash.
@dataclass(frozen=True, order=True)
class Item:
    name: str
    note: str = field(default="", compare=False)


print(Item("a", "x") == Item("a", "y"), hash(Item("a", "x")) == hash(Item("a", "y")), Item("a") < Item("b"))


# Recursive reprs show '...'.
@dataclass
class Node:
    value: int
    children: list = field(default_factory=list)


root = Node(1)
root.children.append(root)
print(root)
