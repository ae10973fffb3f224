d = {"one": 1, "two": 2, "three": 3}
print(d.keys())
print(d.values())
print(d.items())
print(list(d.keys()), list(d.values()), list(d.items()))
for k, v in d.items():
    print(k, "->", v)
keys = d.keys()
d["four"] = 4
print(len(keys), "four" in keys)
print(sorted(d.values()), sum(d.values()))
print("two" in d.keys(), 2 in d.values(), ("one", 1) in d.items())
