from types import SimpleNamespace, MappingProxyType

ns = SimpleNamespace(a=1, b="two")
print(ns)
print(ns.a, ns.b)
ns.c = [3]
del ns.a
print(ns, repr(ns))
print(SimpleNamespace())
print(SimpleNamespace({"x": 1, "y": 2}, z=3))
print(SimpleNamespace([("k", "v")]))
print(SimpleNamespace(a=1) == SimpleNamespace(a=1), SimpleNamespace(a=1) == SimpleNamespace(a=2))
print(SimpleNamespace(a=1) != SimpleNamespace(a=1), SimpleNamespace(a=1) == {"a": 1})
try:
    ns.missing
except AttributeError as e:
    print("AttributeError")
try:
    hash(ns)
except TypeError as e:
    print("TypeError")
print(repr(MappingProxyType({1: 2})), str(MappingProxyType({})))
try:
    SimpleNamespace(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    SimpleNamespace({1: 2})
except TypeError as e:
    print("TypeError", e)
print(vars(SimpleNamespace(p=1, q=2)))
print(isinstance(ns, SimpleNamespace), type(ns).__name__)
nested = SimpleNamespace(inner=SimpleNamespace(v=1), items=[1, 2])
print(nested)
print(getattr(ns, "b"), hasattr(ns, "zz"))

class Point(SimpleNamespace):
    pass
print(Point(x=1, y=2))

d = {"a": 1, "b": 2}
mp = MappingProxyType(d)
print(mp)
print(mp["a"], len(mp), list(mp), "a" in mp, "z" in mp)
print(mp.get("b"), mp.get("z"), mp.get("z", 0))
print(list(mp.keys()), list(mp.values()), list(mp.items()))
d["c"] = 3
print(mp, len(mp))
try:
    mp["x"] = 1
except TypeError as e:
    print("TypeError", e)
try:
    mp["nope"]
except KeyError as e:
    print("KeyError", e)
try:
    del mp["a"]
except TypeError as e:
    print("TypeError", e)
c = mp.copy()
c["new"] = 1
print(c, mp == d, mp == {"a": 1})
print(mp | {"z": 26})
print(type(mp).__name__)
try:
    MappingProxyType([1, 2])
except TypeError as e:
    print("TypeError", e)
for k in mp:
    print(k, mp[k])
