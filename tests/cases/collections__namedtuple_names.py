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
