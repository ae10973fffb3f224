import copy
orig = {"list": [1, [2, 3]], "tuple": (4, [5]), "set": {6, 7}, "str": "x"}
dup = copy.deepcopy(orig)
print(dup == orig, dup is orig)
print(dup["list"] is orig["list"], dup["list"][1] is orig["list"][1])
print(dup["tuple"] is orig["tuple"], dup["tuple"][1] is orig["tuple"][1])
dup["list"][1].append("new")
print(orig["list"], dup["list"])
atomic = (1, "two", (3.0, None))
print(copy.deepcopy(atomic) is atomic)
fs = frozenset([1, 2])
print(copy.deepcopy(fs) == fs)
