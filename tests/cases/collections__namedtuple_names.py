# namedtuple name checks repr the offending name; Unicode identifiers work.
from collections import namedtuple

T = namedtuple("T", ["caf\u00e9", "a\u0301"])
print(T._fields, T(1, 2), namedtuple("Caf\u00e9", "x").__name__)
P = namedtuple("P", "x y")
for fields in (["a'b"], ["a\\b"], ["a\nb"], ["class"], ["_x"], ["x", "x"], ["1a"], ['a"b\'c']):
    try:
        namedtuple("P", fields)
    except ValueError as e:
        print(e)
try:
    P._make([1])
except TypeError as e:
    print(e)
print(P._make([1, 2]), P._make(iter("ab")))

# the tuple surface: isinstance, + and * give plain tuples, comparisons
tri = namedtuple("Tri", "x y z")(1, 2, 3)
print(isinstance(tri, tuple), tri + (4,), (0,) + tri, tri * 2, 2 * tri, type(tri + tri).__name__)
print(tri.__getnewargs__(), type(tri.__getnewargs__()).__name__)
Ord = namedtuple("Ord", "x y")
for f in (lambda: Ord(1, 2) < [1, 3], lambda: sorted([Ord(1, 2), [1, 3]]), lambda: Ord(1, 2) == [1, 2]):
    try:
        print(f())
    except TypeError as e:
        print(e)
class Named:
    def __str__(self):
        return "Weird"
print(namedtuple(Named(), ["a"]).__name__)
