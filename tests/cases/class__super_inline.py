# super().method(args): the call fast path (a plain function next in the MRO)
# and what it leaves to the general path.
class A:
    def __init__(self, x):
        self.x = x

    def step(self, n):
        return ["A", n, self.x]

    def opt(self, n=1):
        return ["A.opt", n]

    @property
    def prop(self):
        return "A.prop"

    @classmethod
    def make(cls):
        return cls.__name__

    @staticmethod
    def util(v):
        return v * 2


class B(A):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def step(self, n):
        return ["B"] + super().step(n + 1)


class C(A):
    def step(self, n):
        return ["C"] + super().step(n + 10)


class D(B, C):
    def step(self, n):
        return ["D"] + super().step(n + 100)

    def opt(self, n=5):
        return super().opt() + super().opt(n)

    def others(self):
        return super().prop, super().make(), super().util(4)


d = D(1, 2)
print(d.x, d.y, d.step(0), d.opt(), d.others())
print([D.__mro__[i].__name__ for i in range(len(D.__mro__))])


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1
        return self.n


class Loud(Counter):
    def bump(self):
        return super().bump() * 10


c = Loud()
print([c.bump() for _ in range(3)])


class Deep(A):
    def step(self, n):
        if n > 0:
            return super().step(n)
        return self.step(n + 1)


print(Deep(9).step(0))
try:
    class E(A):
        def step(self, n):
            return super().nope(n)

    E(1).step(1)
except AttributeError as e:
    print("AttributeError:", e)
