# int(), float(), math.floor/ceil/trunc, round() and hash() on instances
# with numeric special methods; methods stored on the class that are not
# functions are not bound.
import math


class Convertible:
    def __int__(self):
        return self.integer

    def __float__(self):
        return self.real


c = Convertible()
c.integer, c.real = 42, 2.5
print(int(c), float(c), math.floor(c), math.ceil(c))
c.integer = 2**100
print(int(c))
for bad in ['bad', [], None, NotImplemented]:
    c.integer = c.real = bad
    for f in [int, float]:
        try:
            f(c)
        except TypeError as e:
            print(e)


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


for v in [0, 65, -7, 2**70]:
    i = Index(v)
    print(int(i), float(i), math.floor(i), math.ceil(i), bin(i), hex(i))
print(chr(Index(65)), int('101', Index(2)), round(1234, Index(-2)))
try:
    int(Index([]))
except TypeError as e:
    print(e)


class Hooks:
    def __floor__(self):
        return 'floor'

    def __ceil__(self):
        return ['ceil']

    def __trunc__(self):
        return None

    def __round__(self, *args):
        return ('round', args)


h = Hooks()
print(math.floor(h), math.ceil(h), math.trunc(h), round(h), round(h, 2), round(h, None))
for f in [math.floor, math.ceil, math.trunc, round, int, float]:
    try:
        f(Index)
    except TypeError as e:
        print(e)
try:
    round(Index, [])
except TypeError as e:
    print(e)

def helper(self=None):
    return 'helper called'


class Plain:
    def __abs__(self):
        return 'abs'


p = Plain()


class Stored:
    __abs__ = p.__abs__
    __int__ = int
    __float__ = float


s = Stored()
print(abs(s), int(s), float(s))


class EqHash:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, EqHash) and self.v == other.v

    def __hash__(self):
        return hash(self.v)


class Minus:
    def __hash__(self):
        return -1


class Big:
    def __hash__(self):
        return 2**100


print(hash(EqHash(1)) == hash(1), hash(EqHash(-5)), hash(Minus()), hash(Big()) == hash(2**100))
print(type(NotImplemented).__name__, type(...).__name__, type(NotImplemented)() is NotImplemented,
      type(...)() is ...)
