import itertools

print(list(itertools.product('AB', 'xy')))
print(list(itertools.product([0, 1], repeat=3)))
print(list(itertools.product('ab', [1, 2], repeat=2))[:5])
print(list(itertools.product()), list(itertools.product(repeat=2)))
print(list(itertools.product([1, 2], [])), list(itertools.product([1], repeat=0)))
print(len(list(itertools.product(range(4), range(5), range(6)))))
print([''.join(p) for p in itertools.product('01', repeat=2)])
grid = [(r, c) for r, c in itertools.product(range(2), range(3))]
print(grid)
print(sum(a * b for a, b in itertools.product([1, 2, 3], [4, 5])))
p = itertools.product(iter([1, 2]), iter('ab'))
print(next(p), list(p), list(p))
for bad in (-1, 'x', 1.5):
    try:
        itertools.product([1], repeat=bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
