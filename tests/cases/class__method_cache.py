# Method lookups stay correct when classes change between calls (the VM
# caches class attribute lookups; every change must be seen).
class Base:
    def who(self):
        return "base"


class Child(Base):
    pass


c = Child()
print(c.who())
Base.who = lambda self: "patched base"
print(c.who())
Child.who = lambda self: "child"
print(c.who())
del Child.who
print(c.who())
c.who = lambda: "instance"
print(c.who())
del c.who
print(c.who())
del Base.who
try:
    c.who()
except AttributeError as e:
    print("AttributeError:", e)


# Many short-lived classes reuse freed heap slots: each must see its own
# methods, not a cached lookup of an earlier class.
def make(i):
    class K:
        def value(self):
            return i

    return K()


total = 0
for i in range(3000):
    k = make(i)
    total += k.value()
    junk = [[j] for j in range(50)]
print(total, total == sum(range(3000)))


# A property added after instances were read shadows the instance dict.
class P:
    pass


p = P()
p.x = 1
print(p.x)
P.x = property(lambda self: "prop")
print(p.x)


# Swapping __class__-like behaviour via base assignment of methods in a loop.
class A:
    def f(self):
        return 1


a = A()
out = []
for n in range(5):
    out.append(a.f())
    A.f = (lambda k: lambda self: k)(n + 10)
print(out)
