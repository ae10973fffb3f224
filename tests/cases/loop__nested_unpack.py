pairs = [(1, "one"), (2, "two")]
for num, name in pairs:
    print(num, name)
nested = [((1, 2), "a"), ((3, 4), "b")]
for (x, y), label in nested:
    print(label, x + y)
for i, (x, y) in enumerate([(5, 6), (7, 8)]):
    print(i, x * y)
for key, (lo, hi) in {"r": (0, 255), "pct": (0, 100)}.items():
    print(key, hi - lo)
for a, *rest in [[1, 2, 3], [4], [5, 6]]:
    print(a, rest)
for [p, q] in [[1, 2]]:
    print(p, q)
