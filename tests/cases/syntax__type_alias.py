# `type X = ...` (PEP 695): a lazily evaluated TypeAliasType, which may name
# itself or names defined later; generic aliases subscript to GenericAlias.
type Num = int | float
type Pair[T] = tuple[T, T]
type JSON = dict[str, JSON] | list[JSON] | str | int | float | bool | None
type Later = list[Defined]


class Defined:
    pass


print(Num, repr(Num), type(Num).__name__, Num.__name__, Num.__module__)
print(Num.__value__, Pair.__value__, Pair.__type_params__)
print(JSON.__value__)
print(Later.__value__)
print(Pair[int], Pair[str].__origin__ is Pair, Pair[int].__args__)
print(isinstance(Num, type), callable(Num))


def f(x: Num) -> Pair[int]:
    return (x, x)


print(f(3))


class C:
    type Inner = list[int]
    print(Inner.__value__)


def g():
    type Local = set[str]
    return Local


print(g(), g().__value__)

type Variadic[*Ts, **P] = tuple[int, ...]
print(Variadic.__type_params__, [type(p).__name__ for p in Variadic.__type_params__])

try:
    Num()
except TypeError as e:
    print(e)
try:
    Num.__value__ = 1
except AttributeError as e:
    print(e)
try:
    Num[int]
except TypeError as e:
    print(e)

type Bad = undefined_name
print("defined lazily")
try:
    Bad.__value__
except NameError as e:
    print(e)
