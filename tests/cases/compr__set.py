print(sorted({x % 4 for x in range(20)}))
print(sorted({w[0] for w in ["apple", "avocado", "banana", "cherry"]}))
print(len({(x, x) for x in [1, 1, 2]}))
s = {c for c in "hello world" if c.isalpha()}
print(sorted(s), len(s))
print(sorted({n * n for n in range(-3, 4)}))
