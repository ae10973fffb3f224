# super().name(...) in its forms: plain methods, __init__ chains, class and
# static methods, properties, a diamond, a method the instance shadows,
# and errors raised where CPython raises them.
class Base:
    def __init__(self, name):
        self.name = name
        self.log = ["Base"]

    def greet(self, other="you"):
        return f"{self.name} greets {other}"

    @classmethod
    def make(cls, name):
        return cls(name)

    @staticmethod
    def shout(s):
        return s.upper()

    @property
    def title(self):
        return "Sir " + self.name


class Child(Base):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
        self.log.append("Child")

    def greet(self, other="you"):
        return super().greet(other.title()) + "!"

    @classmethod
    def make(cls, name):
        obj = super().make(name + "?")
        return obj

    def shouted(self):
        return super().shout(self.name)

    @property
    def title(self):
        return super().title + " Jr."


c = Child("ann", 3)
print(c.log, c.age, c.greet(), c.greet("bob"), c.shouted(), c.title)
try:
    Child.make("x")
except TypeError as e:
    print("TypeError:", e)


class A:
    def who(self):
        return ["A"]


class B(A):
    def who(self):
        return ["B"] + super().who()


class C(A):
    def who(self):
        return ["C"] + super().who()


class D(B, C):
    def who(self):
        return ["D"] + super().who()


print(D().who(), [k.__name__ for k in D.__mro__])


class Shadow(A):
    def who(self):
        return ["Shadow"] + super().who()


s = Shadow()
s.who = lambda: ["own"]
print(s.who(), Shadow.who(s))


class Missing(A):
    def go(self):
        return super().nope(print("not evaluated"))


try:
    Missing().go()
except AttributeError as e:
    print("AttributeError:", e)


def outside():
    return super().who()


try:
    outside()
except RuntimeError as e:
    print("RuntimeError:", e)


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k=1):
        self.n += k
        return self.n


class Twice(Counter):
    def bump(self, k=1):
        super().bump(k)
        return super().bump(k)


t = Twice()
for i in range(5):
    t.bump(i)
print(t.n)


class Early:
    try:
        def probe(self):
            return super().__repr__()
        probe(0)
    except NameError as e:
        print("NameError:", e)
