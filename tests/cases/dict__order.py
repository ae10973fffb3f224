d = {}
d["z"] = 1
d["a"] = 2
d["m"] = 3
print(d, list(d))
d["z"] = 10
print(d)
del d["z"]
d["z"] = 20
print(d)
d.pop("a")
d["a"] = 0
print(list(d.keys()), list(d.values()))
print({3: "c", 1: "a", 2: "b"})
print({"b": 1, "a": 2} == {"a": 2, "b": 1})
