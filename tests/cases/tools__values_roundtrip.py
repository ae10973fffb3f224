values = [None, True, 3, -2 ** 60, 2 ** 80, 1.25, "text", [1, [2, 3]], (1, "a"), {"k": [1]}, {1: "int key"}, {"$weird": 1}, set(), {1, 2}, frozenset({3})]
for v in values:
    back = echo(v)
    print(type(back).__name__, back == v, repr(back) if not isinstance(back, (set, frozenset)) else sorted(back))
print(big_number(30))
print(special_floats())
