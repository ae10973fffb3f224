from collections import Counter, defaultdict, deque

c = Counter("abca")
c.update(a=5, z=2)
c.update(None)
c.subtract(b=1)
print(sorted(c.items()), dict(Counter(None)))
d = defaultdict(int)
d["a"] += 1
d.default_factory = list
d["b"].append(1)
print(d.default_factory is list, sorted(d.items()))
q = deque([1, 2, 3])
print(list(reversed(q)), 2 in q, 7 in q)
