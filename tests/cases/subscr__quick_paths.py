# Item reads and writes of lists, tuples, strs and dicts with int and str
# keys: the quick paths must give the general path's results and errors.
from collections import defaultdict, Counter, OrderedDict

xs = [10, 20, 30]
t = (1, 2, 3)
print(xs[0], xs[-1], xs[-3], t[2], t[-2], "héllo"[1], "hello"[-1], "abc"[0] * 2)
for bad in (3, -4, 2**70):
    for seq in (xs, t, "abc", "ñab"):
        try:
            seq[bad]
        except IndexError as e:
            print("IndexError", e)
print(xs[True], "abc"[False], t[1:], "abc"[::-1])

xs[-1] = 99
xs[0] = "a"
print(xs)
for bad in (3, -4):
    try:
        xs[bad] = 0
    except IndexError as e:
        print("IndexError", e)
try:
    t[0] = 1
except TypeError as e:
    print("TypeError", e)
try:
    "abc"[0] = "x"
except TypeError as e:
    print("TypeError", e)

d = {"a": 1, 2: "two", 1.0: "float one"}
print(d["a"], d[2], d[1], d[1.0], d[True])
d["a"] = 10
d[1] = "int one"
d["new"] = [1]
d[-5] = None
print(d, list(d))
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e)
try:
    d[7]
except KeyError as e:
    print("KeyError", e)

dd = defaultdict(list)
dd["k"].append(1)
dd["k"].append(2)
dd[3].append("x")
print(dict(dd))
c = Counter("abracadabra")
print(c["a"], c["z"], c.most_common(2))
od = OrderedDict(a=1)
od["b"] = 2
od["a"] = 3
print(list(od.items()))


counts = {}
for w in "the cat the dog the end".split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
try:
    for k in counts:
        counts[k + "!"] = 1
except RuntimeError as e:
    print("RuntimeError", e)
grid = [[0] * 3 for _ in range(3)]
for i in range(3):
    grid[i][i] = i + 1
    grid[i][-1] += 10
print(grid)
