# Sorting by keys read into plain columns (ints, strs, floats, tuples of
# them position by position) must order exactly as Python's comparisons,
# and keep equal keys in their original order, reversed or not.
words = ["pear", "fig", "apple", "fig", "kiwi", "date", "apple", "plum"]
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
print(sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True))

data = [(i * 37) % 23 for i in range(40)]
pairs = [(x % 5, -x) for x in data]
pairs.sort()
print(pairs[:8], pairs[-3:])
print(sorted(data, key=lambda v: (v % 7, v))[:12])

# stability: equal keys, distinguishable items
tagged = [("b", 1, "first"), ("a", 2, "x"), ("b", 1, "second"), ("a", 2, "y"), ("b", 0, "z")]
print(sorted(tagged, key=lambda t: (t[0], t[1])))
print(sorted(tagged, key=lambda t: (t[0], t[1]), reverse=True))
print(sorted(tagged, key=lambda t: t[1]))
print(sorted(tagged, key=lambda t: t[0], reverse=True))

# bools and ints are one column: True == 1 keeps its order
mixed = [(1, "one"), (True, "true"), (0, "zero"), (False, "false"), (2, "two")]
print(sorted(mixed, key=lambda p: p[0]))
print(sorted(mixed, key=lambda p: (p[0],)))
print(sorted([True, 1, False, 0, 1, True]))

# floats: -0.0 == 0.0 keep order; ints with floats take the general path
fl = [(0.0, "a"), (-0.0, "b"), (1.5, "c"), (-2.25, "d"), (0.0, "e")]
print(sorted(fl, key=lambda p: p[0]))
print(sorted(fl, key=lambda p: (p[0], 0)))
print(sorted([3, 1.5, 2, -0.5, 2.0, 2]))
print(sorted([(1, 2.5), (1, 2), (0, 9.0), (1, 2.0)]))
nan = float("nan")
print(sorted([3.0, 1.0, 2.0]), len(sorted([nan, 1.0, nan, 0.5])))

# tuples of different lengths, nested tuples, big ints, strs with non-ASCII
print(sorted([(1, 2), (1,), (0, 5, 1), (1, 2, 0), ()]))
print(sorted([(1, (2, 3)), (1, (2,)), (0, (9,))]))
print(sorted([(2**70, "b"), (-(2**70), "a"), (5, "c")]))
print(sorted(["é", "e", "z", "É", "ä", "a"]), sorted([("é", 1), ("e", 2), ("é", 0)]))
print(sorted([(1, "b"), (1, "a"), (0, "z")], key=lambda p: p))

# errors still raise from the general path
for bad in ([(1, "a"), (1, 2)], [(1,), ("a",)], [1, "a"]):
    try:
        sorted(bad)
    except TypeError as e:
        print("TypeError", e)
