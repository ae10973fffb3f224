# typing.TypeVar, ParamSpec, TypeVarTuple and TypeAliasType as agents write
# them in annotated helpers.
from typing import Callable, ParamSpec, TypeAliasType, TypeVar, TypeVarTuple

T = TypeVar("T")
K = TypeVar("K", str, bytes)
B = TypeVar("B", bound=int, covariant=True)
C = TypeVar("C", contravariant=True)
P = ParamSpec("P")
Ts = TypeVarTuple("Ts")
print(T, K, B, C, P, Ts)
print(T.__name__, K.__constraints__, B.__bound__, B.__covariant__, T.__bound__)
print(type(T), type(P), type(Ts), isinstance(T, TypeVar), isinstance(P, TypeVar))
print(list[T], dict[str, T])
print(T == T, T == K, {T: 1}[T])


def deco(f: Callable[P, T]) -> Callable[P, T]:
    return f


print(deco(len)("abc"))

for bad in [
    lambda: TypeVar("X", int),
    lambda: TypeVar("X", int, str, bound=int),
    lambda: TypeVar("X", covariant=True, contravariant=True),
    lambda: TypeVar(3),
]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

Alias = TypeAliasType("Alias", list[int])
print(Alias, Alias.__value__, Alias.__type_params__, type(Alias))
try:
    Alias[int]
except TypeError as e:
    print(e)
try:
    T.__name__ = "U"
except AttributeError as e:
    print(e)
