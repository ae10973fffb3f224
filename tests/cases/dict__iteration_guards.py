# Iteration guards of dict and set iterators, and storage with deletions.
def run(label, fn):
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


def swap_behind():
    d = dict.fromkeys("pqrs", 0)
    out = []
    for k in d:
        out.append(k)
        if k == "q":
            del d["p"]
            d["t"] = 1
    return out


def swap_ahead():
    d = dict.fromkeys("pqr", 0)
    out = []
    for k in d:
        out.append(k)
        if k == "p":
            del d["r"]
            d["t"] = 1
    return out


def grow():
    d = {1: 1}
    for k in d:
        d[k + 1] = 0
    return d


def items_swap():
    d = {i: i * i for i in range(3)}
    out = []
    for k, v in d.items():
        out.append(v)
        if k == 0:
            del d[2]
            d[9] = 81
    return out


def values_swap():
    d = {i: -i for i in range(4)}
    out = []
    for v in d.values():
        out.append(v)
        if v == -1:
            del d[0]
            d[7] = -7
    return out


run("swap behind", swap_behind)
run("swap ahead", swap_ahead)
run("grow", grow)
run("items", items_swap)
run("values", values_swap)

# sticky size error, then the iterator after a keys-changed error
d = {"x": 1, "y": 2}
it = iter(d)
next(it)
d["z"] = 3
for _ in range(3):
    try:
        print(next(it))
    except RuntimeError as e:
        print("sticky:", e)
    d.pop("z", None)

d = {"x": 1, "y": 2}
it = iter(d)
print(next(it))
del d["x"]
d["w"] = 0
print(next(it))
try:
    next(it)
except RuntimeError as e:
    print("ended:", e)
print(list(it), list(d))

# set guards
s = {10, 20, 30}
try:
    for x in s:
        s.discard(x)
except RuntimeError as e:
    print("set:", e)
s = {5}
it = iter(s)
print(list(it))
s.add(6)
print(list(it), sorted(s))

# many deletions keep order, length and lookups right
d = {i: str(i) for i in range(1000)}
for i in range(0, 1000, 3):
    del d[i]
print(len(d), list(d)[:5], d[998], 999 in d, 3 in d)
for i in range(0, 1000, 3):
    d[i] = "again"
print(len(d), list(d)[-3:], list(d.items())[330:332])
while len(d) > 5:
    d.popitem()
print(d)

# set.pop drains in a stable way; popitem from the end after deletions
s = set(range(50))
for i in range(0, 50, 2):
    s.discard(i)
got = []
while s:
    got.append(s.pop())
print(sorted(got) == list(range(1, 50, 2)), len(got))
d = dict.fromkeys(range(10))
del d[9]
del d[8]
print(d.popitem(), len(d))

# refill after emptying, copies, equality
d = {}
for r in range(3):
    for i in range(30):
        d[(r, i)] = i
    for i in range(30):
        del d[(r, i)]
print(d, len(d))
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
e = d.copy()
e["b"] = 2
print(e, dict(d) == {"c": 3, "a": 1}, d == e)

# OrderedDict.move_to_end around deleted entries
from collections import OrderedDict

o = OrderedDict((k, i) for i, k in enumerate("abcdef"))
del o["b"]
o.move_to_end("a")
o.move_to_end("f", last=False)
del o["d"]
print(list(o), o.popitem(last=False), o.popitem())
