data = [("a", (1, 2)), ("b", (3, 4))]
for name, (x, y) in data:
    print(name, x, y)
for i, (name, (x, y)) in enumerate(data, 1):
    print(i, name, x * y)
for (a, b), (c, d) in [((1, 2), (3, 4))]:
    print(a + b + c + d)
pairs = {"x": [1, 2], "y": [3, 4]}
for key, [lo, hi] in pairs.items():
    print(key, lo, hi)
for first, *others in ["abc", "de"]:
    print(first, others)
