d = {"a": 1, "b": 2}
d["c"] = 3
print(d, len(d))
print(d["a"], d.get("z"), d.get("z", 0))
print("a" in d, "z" in d, 1 in d, "z" not in d)
d["a"] = 100
print(d)
print(dict(), {}, dict(x=1, y=2), dict([("k", "v")]))
print(dict({"m": 1}, n=2))
print(dict(zip("ab", [1, 2])))
empty = {}
print(len(empty), empty == {}, bool(empty))
