d = {"a": 1, "b": 2}
d.update({"b": 20, "c": 30})
print(d)
d.update(x=1, a=0)
print(d)
d.update([("p", 9), ("q", 8)])
print(d)
d.update({})
c = d.copy()
c["new"] = True
print(len(d), len(c), "new" in d)
nested = {"list": [1]}
shallow = nested.copy()
shallow["list"].append(2)
print(nested)
d.update(z=26)
print(d)
print({**{"a": 1}, **{"a": 2, "b": 3}})
