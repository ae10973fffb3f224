a = [1, 2]
b = (3, 4)
print([*a, *b], (*a, 0), [*"xy", *range(2)])
print(sorted({*a, *b, 2}))
d1 = {"a": 1, "b": 2}
d2 = {"b": 20, "c": 30}
print({**d1, **d2})
print({**d2, **d1})
print({"a": 0, **d1, "c": 99, **d2})
print([*[], *[[]]], {**{}})
print(*a, *b)
