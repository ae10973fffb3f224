# Methods of builtin types used unbound: as key functions, with map, and
# called with the instance first.
print(sorted(["b", "A", "c"], key=str.lower))
print(list(map(str.strip, [" a ", "b  "])))
print(list(map(str.upper, "ab")))
d = {"a": 1, "b": 2}
print(list(map(d.get, ["a", "z"])), dict.get(d, "b"), dict.get(d, "z", 0))
print(str.join("-", ["x", "y"]), str.split("a,b", sep=","))
print(list.append, str.lower, dict.get)
items = []
list.append(items, 3)
print(items, len(items), int.bit_length(255), float.is_integer(2.0))
print(type("x").upper("x"), sorted([[2, 1], [1]], key=list.copy))
print(max(["aa", "b"], key=str.__len__) if hasattr(str, "__len__") else "aa")
for bad in [lambda: str.lower(), lambda: str.lower(5), lambda: dict.get([], 1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
print(hasattr(str, "lower"), hasattr(list, "nope"), callable(str.lower))
print(bytes.hex(b"\x01\x02"), tuple.count((1, 1, 2), 1), set.union({1}, {2}))
print(int.__name__, str.lower.__name__ if hasattr(str.lower, "__name__") else "lower")
