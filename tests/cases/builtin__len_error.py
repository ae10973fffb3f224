values = ["abc", [1, 2], {"a": 1}, 42]
for v in values:
    print(repr(v), len(v))
