values = [1, -2.5, True, None, "s", [1, "a"], (1,), {"k": [None]}, 1e100, 2 ** 70]
for v in values:
    print(str(v), "|", repr(v))
print(str(), repr(str()))
print(str([]), str(()), str({}))
print(str("already"), str(str(5)))
