# typing markers and subscripted aliases at run time: reprs, types,
# __origin__/__args__, equality, hashing, get_origin/get_args, calls.
import typing
from typing import Any, Callable, ClassVar, Dict, Final, List, Literal, Optional, Set, Tuple, Type

def check(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for marker in (Any, Optional, ClassVar, Final, List, Dict, Set, Tuple, Callable, Literal):
    print(repr(marker), str(marker))
print(type(Optional), type(ClassVar), type(Final))
print(typing.TYPE_CHECKING)

for alias in (List[int], Dict[str, int], Set[bytes], Tuple[int, ...], Tuple[()], Type[int],
              ClassVar[int], Final[str], Literal[1, "a"], Callable[[int, str], bool],
              Callable[..., int], List[Dict[str, List[int]]], typing.Sequence[int]):
    print(repr(alias), alias.__args__)

print(List[int].__origin__ is list, Dict[str, int].__origin__ is dict, List.__origin__ is list)
print(ClassVar[int].__origin__ is ClassVar)
print(List[int] == List[int], List[int] == List[str], List[int] != Dict[int, int])
print(hash(Dict[str, int]) == hash(Dict[str, int]), len({List[int], List[int], Set[int]}))
print(typing.get_origin(List[int]) is list, typing.get_origin(list[int]) is list)
print(typing.get_origin(int), typing.get_origin(List) is list, typing.get_origin(Any))
print(typing.get_args(Dict[str, int]), typing.get_args(int), typing.get_args(list[int]))
print(typing.get_args(Callable[[int], str]))
check(lambda: List[int]())
check(lambda: Dict[str, int](a=1))
print(isinstance([], List), isinstance((), List), isinstance({}, Dict))

print(typing.Union[int, str] == (int | str), typing.Union[int, None] == Optional[int])
print(isinstance(3, int | str), isinstance(3.0, typing.Union[int, str]))
print(typing.Union[int] is int, Optional[None] is type(None))

check(lambda: List[int, str])
check(lambda: Dict[int])
check(lambda: List())
check(lambda: Optional())
check(lambda: isinstance(1, List[int]))
check(lambda: isinstance(1, Any))
check(lambda: Optional[int, str])
check(lambda: typing.Union[()])
check(lambda: typing.cast(int, "x"))
