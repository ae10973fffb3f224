# namedtuple instances (collections.namedtuple and typing.NamedTuple)
# cross the tool boundary and come back as the program's own classes
from collections import namedtuple
from typing import NamedTuple

Point = namedtuple("Point", "x y")


class Span(NamedTuple):
    lo: int
    hi: int = 10


p = echo(Point(1, 2))
print(p, type(p) is Point, p == (1, 2), p.x, p[1], p._asdict())
x, y = p
print(x + y, len(p), list(p), p._replace(x=5))

s = echo([Span(3), {"k": Span(1, 2)}, (Span(0),)])
print(s, type(s[0]) is Span, s[1]["k"].hi, s[2][0] == Span(0, 10))
print(echo({"pt": Point(x=(1, 2), y={"a": Point(0, 0)})}))

b = bounds([4, 1, 9])
print(b, type(b).__name__, b.lo, b.hi, tuple(b), b._fields)
lo, hi = bounds([2.5, -1.0])
print(lo, hi, echo(b) == b, sorted([bounds([5]), bounds([1, 2])]))
