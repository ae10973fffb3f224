d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
del d["a"], d["c"]
print(d)
del d["zz"]
