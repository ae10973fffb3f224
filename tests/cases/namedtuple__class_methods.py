# A namedtuple class holds its methods, as CPython's does.
from collections import namedtuple

Point = namedtuple('Point', 'x y')
p = Point(1, 2)
print('_asdict' in Point.__dict__, '_make' in Point.__dict__, '__repr__' in Point.__dict__)
print(Point.__repr__(p), Point._make([3, 4]), p._asdict(), p._replace(y=9))
print(Point.__getitem__(p, 1), Point.__len__(p), list(Point.__iter__(p)))
print(p.index(2), p.count(1), Point.count(p, 2))
print(p + (3,), (0,) + p, p * 2, 2 * p, p == (1, 2), (1, 2) == p, p < (1, 3), hash(p) == hash((1, 2)))
x, y = p
print(x, y, 2 in p, p[-1], p[:1], len(p), isinstance(p, tuple), bool(Point(0, 0)))


# A subclass overrides one method and inherits the rest.
class Pair(namedtuple('Pair', 'a b')):
    def __repr__(self):
        return f"<{self.a}|{self.b}>"

    @property
    def total(self):
        return self.a + self.b


q = Pair(3, 4)
print(q, q.total, q._replace(a=10), q == (3, 4), sorted([Pair(2, 1), Pair(1, 2)]))
print({q: 'pair'}[Pair(3, 4)], q._asdict(), Pair._make((5, 6)).total)

try:
    p + 5
except TypeError as e:
    print('TypeError:', e)
try:
    Point(1)
except TypeError as e:
    print('TypeError:', e)
try:
    p._replace(z=1)
except (TypeError, ValueError) as e:
    print(type(e).__name__)
