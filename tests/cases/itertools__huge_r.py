# The combinatoric iterators allocate their index vectors at construction,
# as CPython does, so a huge `r` is MemoryError there (even when it exceeds
# the pool); a huge `repeat` of product is OverflowError.
import itertools

makers = [
    ('combinations', lambda r: itertools.combinations('a', r)),
    ('combinations_with_replacement', lambda r: itertools.combinations_with_replacement('a', r)),
    ('combinations_with_replacement empty', lambda r: itertools.combinations_with_replacement('', r)),
    ('permutations', lambda r: itertools.permutations('a', r)),
    ('product', lambda r: itertools.product('a', repeat=r)),
    ('product empty', lambda r: itertools.product('', repeat=r)),
]
for r in (2**62, 2**40, 2**33 + 1):
    for name, make in makers:
        try:
            it = make(r)
            print(r, name, 'built')
        except (MemoryError, OverflowError) as exc:
            print(r, name, type(exc).__name__, repr(str(exc)))
print(list(itertools.combinations('abc', 5)), list(itertools.permutations('ab', 3)))
print(list(itertools.batched('abc', 2**20)))
