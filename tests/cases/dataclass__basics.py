from dataclasses import dataclass, field, asdict, replace
from typing import ClassVar

@dataclass
class Point:
    x: int
    y: int = 0
    tags: list = field(default_factory=list)
    count: ClassVar[int] = 0

p = Point(1, 2)
print(p, p == Point(1, 2), p != Point(2, 2), asdict(p), replace(p, y=5))

@dataclass(frozen=True, order=True)
class Ver:
    major: int
    minor: int

v = Ver(1, 2)
print(v, v < Ver(1, 3), sorted([Ver(2, 0), Ver(1, 9)]), {v: "ok"}[Ver(1, 2)])
try:
    v.major = 3
except Exception as e:
    print(type(e).__name__, e)
try:
    Point()
except TypeError as e:
    print(e)
