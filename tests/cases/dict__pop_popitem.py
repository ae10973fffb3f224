d = {"a": 1, "b": 2, "c": 3, "d": 4}
print(d.pop("b"), d)
print(d.pop("zz", "missing"), d.pop("zz", None))
print(d.popitem(), d)
print(d.popitem(), d)
d["e"] = 5
print(d.popitem(), d)
try:
    d.pop("nope")
except KeyError as e:
    print("KeyError:", e)
try:
    {}.popitem()
except KeyError as e:
    print("KeyError:", e)
