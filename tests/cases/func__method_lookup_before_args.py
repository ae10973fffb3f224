class A:
    def __init__(self): self.items = []
    def add(self, x, y=0): self.items.append(x + y); return self
    @property
    def p(self):
        print("prop"); return len
    @staticmethod
    def s(x): return x * 2
    @classmethod
    def c(cls, x): return cls.__name__ + str(x)
class B(A):
    def add(self, x, y=0):
        return super().add(x * 10, abs(y))
a = B()
def f(x): print("arg", x); return x
a.add(f(1)).add(f(2), f(3))
print(a.items)
print(a.p(f([1,2])))
print(a.s(f(4)), a.c(f(5)), A.s(f(6)))
out = []
for i in range(3): out.append(f(i))
print(out, ",".join(str(x) for x in out), "-".join(map(str, out)))
import math
print(math.floor(f(2.5)), {"a": 1}.get(f("a")), "abc".upper().lower().replace(f("b"), "X"))
a.fn = lambda z: z + 1
print(a.fn(f(1)))
try:
    a.missing(f("never"))
except AttributeError as e:
    print("AE", e)
try:
    None.foo(f("never"))
except AttributeError as e:
    print("AE", e)
try:
    [].push(f("never"))
except AttributeError as e:
    print("AE", e)
class G:
    def __getattr__(self, n):
        print("getattr", n); return lambda *a: (n, a)
print(G().zz(f(1)))
# the receiver and the method come before the arguments, whatever they are
log = []
class Box:
    def __init__(self):
        self.vals = []
    def put(self, *xs):
        self.vals.extend(xs)
        return self
b = Box()
b.put(log.append("a") or 1, *[2, 3]).put(log.append("b") or 4)
print(b.vals, log)
print([w.upper() for w in "a b".split()], sum(x.bit_length() for x in [1, 8]))
s = "x"
print(s.join(str(i) for i in range(3)), s.center(f(5), "*"))
# an error in the method lookup names the line of the call
def broken():
    data = {"k": [1, 2]}
    return data["k"].push(
        f("never")
    )
broken()
