# Comparisons and sorts that take the borrowing fast paths, checked
# against the general semantics around them.
big = 10**30
vals = [3, -big, 2.5, True, big, -1, 0.0, 2**53 + 1, float(2**53), False, -2.5]
print(sorted(vals))
print(sorted(vals, reverse=True))
print([(a < b, a == b, a >= b) for a, b in [(1, 1.0), (2**53 + 1, float(2**53)), (big, 1e30), (-big, -1e30)]])
print((1, "b") < (1, "c"), (1, 2.0) == (1, 2), [1, [2, 3]] < [1, [2, 4]], (1,) < (1, 0))
nan = float("nan")
print((1, nan) == (1, nan), [nan] == [nan], (nan, 1) < (nan, 2), nan < 1, sorted([3, 1, 2]) == [1, 2, 3])
print(sorted(["b", "a", "", "ab", "é", "Z"]), sorted([b"b", b"a", b""]))
# stability with keys and reverse
words = ["bb", "a", "cc", "d", "eee", "ff", "g"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True))
pairs = [(i % 3, -i) for i in range(10)]
print(sorted(pairs), sorted(pairs, key=lambda p: p[0], reverse=True))
data = [(i * 7919) % 101 for i in range(300)]
s = sorted(data)
print(s[:10], s[-5:], all(s[i] <= s[i + 1] for i in range(len(s) - 1)))
print(sorted(data, reverse=True)[:5], sorted(range(40, 0, -1))[:5], sorted(list(range(50)) + [7])[:10])
# a comparison error mid-sort leaves the list as a permutation
mixed = list(range(40)) + ["x"] + list(range(40, 0, -1))
try:
    mixed.sort()
except TypeError as e:
    print("TypeError:", e)
print(sorted(mixed, key=str) == sorted(list(range(40)) + ["x"] + list(range(40, 0, -1)), key=str))
try:
    sorted([(1, "a"), (1, 2)])
except TypeError as e:
    print("TypeError:", e)
