# `itertools.chain` is the one itertools class with `__class_getitem__`; the
# others are classes that cannot be subscripted.
import collections
import itertools

print(itertools.chain[int])
print(repr(itertools.chain[int, str]))
for cls in (itertools.count, itertools.cycle, itertools.product, itertools.groupby):
    try:
        cls[int]
    except TypeError as exc:
        print(exc)
print(collections.deque[int])
try:
    len[int]
except TypeError as exc:
    print(exc)
try:
    int[str]
except TypeError as exc:
    print(exc)
