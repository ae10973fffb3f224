# Field objects, MISSING, __dataclass_fields__ / __dataclass_params__,
# and the generated methods as functions with their own argument binding.
from dataclasses import MISSING, FrozenInstanceError, Field, dataclass, field, fields, is_dataclass

print(type(MISSING).__name__, repr(type(MISSING)), MISSING is MISSING, bool(MISSING))
print(repr(MISSING).startswith('<dataclasses._MISSING_TYPE object at 0x'))


@dataclass
class P:
    x: int
    y: list = field(default_factory=list)
    z: int = field(default=3, repr=False)


print(list(P.__dataclass_fields__), type(P.__dataclass_fields__['x']).__name__)
f = P.__dataclass_fields__['y']
print(f.name, f.type in ('list', list), f.default is MISSING, f.default_factory is list, f.init, f.repr, f.hash, f.kw_only)
print(repr(f._field_type), isinstance(f, Field))
print([g.name for g in fields(P)], is_dataclass(P), is_dataclass(P(1)), is_dataclass(int))
print(P.z, hasattr(P, 'y'), P(1), P(1) == P(1, []))
print(repr(P.__dataclass_params__))
print(P.__match_args__)

# field() before adoption, and adoption by identity
spec = field(default=5)
print(spec.name, spec.type, spec.default)


@dataclass
class A:
    a: int = spec


print(A.__dataclass_fields__['a'] is spec, spec.name, spec.type in ('int', int))

# generated methods are functions binding like the generated def
print(type(P.__init__).__name__, type(P.__repr__).__name__, type(P.__eq__).__name__, P.__hash__)
for call in [
    lambda: P.__init__(),
    lambda: P(1, 2, 3, 4),
    lambda: P(1, x=2),
    lambda: P(1, w=2),
    lambda: P.__eq__(P(1)),
    lambda: P.__repr__(),
]:
    try:
        call()
    except TypeError as e:
        print('TypeError:', e)
print(P.__eq__(P(1), 5))


@dataclass
class S:
    self: int


s = S(1)
S.__init__(__dataclass_self__=s, self=4)
print(s)


@dataclass(frozen=True)
class F:
    x: int


fr = F(1)
for op in [lambda: setattr(fr, 'x', 2), lambda: delattr(fr, 'x'), lambda: setattr(fr, 'new', 1)]:
    try:
        op()
    except FrozenInstanceError as e:
        print('FrozenInstanceError:', e)
print(hash(fr) == hash((1,)), type(F.__setattr__).__name__)
try:
    dataclass(frozen=True)(F)
except TypeError as e:
    print('TypeError:', e)


# __hash__ = None beside a body __eq__ is replaced; alone it stays
@dataclass(frozen=True)
class E1:
    x: int

    def __eq__(self, o):
        return True

    __hash__ = None


@dataclass(frozen=True)
class E2:
    x: int
    __hash__ = None


print(hash(E1(1)) == hash((1,)), E2.__hash__)

# the decorator returned by dataclass(...) is wrap(cls)
wrap = dataclass(frozen=True)
for call in [lambda: wrap(), lambda: wrap(P, P), lambda: wrap(cls=P, nope=1)]:
    try:
        call()
    except TypeError as e:
        print('TypeError:', e)


# __post_init__ is decided at decoration, looked up per call
@dataclass
class Late:
    a: int = 1


Late.__post_init__ = lambda self: print('never')
print(Late())
