# Instance attributes of every kind of value, in every order, past the
# shared-names limit, deleted and set again: what vars() and lookups see.
import math


class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b


class Q:
    def __init__(self, a, b):
        self.b = b
        self.a = a


values = [0, -1, 2**47 - 1, -(2**47), 2**47, -(2**47) - 1, 2**63, 10**30, 1.5, -0.0,
          float("inf"), float("nan"), None, True, False, "s", len, int, ValueError, math.sqrt,
          [1], (2,), {"k": 3}]
for v in values:
    p = P(v, v)
    print(repr(p.a), repr(p.b), vars(p) == {"a": v, "b": v} or v != v)
    p.a = 2**64
    p.b = 1
    print(p.a, p.b, list(vars(p)))

# The same names in another order keep that order.
print(list(vars(Q(1, 2))), list(vars(P(1, 2))))

# Past sixteen attributes, and deletions in the middle.
o = P(0, 0)
for i in range(40):
    setattr(o, "n" + str(i), i)
print(len(vars(o)), o.n39, o.n17, getattr(o, "n" + "5"))
for i in range(0, 40, 3):
    delattr(o, f"n{i}")
print(len(vars(o)), list(vars(o))[:6], hasattr(o, "n3"), o.n4)

small = P(1, 2)
small.c = 3
del small.a
print(vars(small))
small.a = 4
print(vars(small), small.a + small.b + small.c)
del small.b, small.c, small.a
print(vars(small))
small.z = "back"
print(vars(small))
try:
    small.a
except AttributeError as e:
    print("AttributeError:", e)
try:
    del small.a
except AttributeError as e:
    print("AttributeError:", e)

# Many instances, one of them with a big int, the rest unaffected.
ps = [P(i, -i) for i in range(1000)]
ps[500].b = 10**20
print(sum(p.a for p in ps), ps[500].b, ps[501].b)

# An instance's __dict__ written through.
d = P(1, 2).__dict__
print(d)
