# typing's class bases as agents use them: Generic[T], Protocol,
# NamedTuple classes (defaults, methods, docstrings) and TypedDict.
from typing import Generic, NamedTuple, Optional, Protocol, TypedDict, TypeVar

T = TypeVar("T")


class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: list[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> Optional[T]:
        return self.items.pop() if self.items else None


s = Stack[int]()
s.push(1)
s.push(2)
print(s.pop(), s.pop(), s.pop(), type(s).__name__)
print(Stack.__mro__, Stack[int])


class IntStack(Stack[int]):
    pass


print(IntStack.__mro__, isinstance(IntStack(), Stack))


class Closer(Protocol):
    def close(self) -> None: ...


class File:
    def close(self) -> None:
        print("closed")


def shutdown(x: Closer) -> None:
    x.close()


shutdown(File())
print(Closer.__mro__, Generic, Protocol)


class Point(NamedTuple):
    """A point."""

    x: int
    y: int = 0
    label: str = "p"

    def norm1(self) -> int:
        return abs(self.x) + abs(self.y)

    def __str__(self) -> str:
        return f"<{self.x},{self.y}>"


p = Point(3, -4)
print(p, repr(p), p.norm1(), p._asdict(), Point._fields, Point._field_defaults)
print(p == (3, -4, "p"), isinstance(p, tuple), p[1], len(p), Point.__doc__)
x, y, label = p
print(x, y, label, p._replace(label="q"), sorted([Point(2), Point(1, 5)]))

Pair = NamedTuple("Pair", [("a", int), ("b", str)])
print(Pair(1, "z"), Pair._fields)

try:

    class Bad(NamedTuple):
        a: int = 1
        b: int

except TypeError as e:
    print(e)


class Movie(TypedDict):
    title: str
    year: int


m = Movie(title="Heat", year=1995)
print(m, type(m), m["year"], Movie.__required_keys__ == {"title", "year"})
print(Movie.__total__, sorted(Movie.__annotations__))
m2: Movie = {"title": "Ran", "year": 1985}
print(m2)

Options = TypedDict("Options", {"verbose": bool, "depth": int}, total=False)
print(Options(verbose=True), Options.__total__, sorted(Options.__optional_keys__))
