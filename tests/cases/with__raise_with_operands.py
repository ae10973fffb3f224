# An exception raised in a `with` body while values of the body are on the
# stack (an operand, a call's arguments, a list being built) still reaches
# the manager's __exit__, which may suppress it.
class CM:
    def __init__(self, name, suppress=True):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self.name

    def __exit__(self, t, e, tb):
        print("exit", self.name, t.__name__ if t else None, e)
        return self.suppress


def boom(msg="boom"):
    raise ValueError(msg)


with CM("a") as x:
    y = 1 + boom()
print("after a:", x)

with CM("b"):
    print("args", 1, 2, boom("in args"))

with CM("c") as c:
    items = [1, 2, {"k": boom("in display")}]


def f():
    with CM("d"):
        return [1, 2, boom("in return")]


print("f:", f())

for i in range(3):
    with CM(f"loop{i}") as v:
        z = (i, v, boom(f"iteration {i}"))
print("loop done")

with CM("outer"):
    with CM("inner", suppress=False) as inner:
        total = sum([1, 2, len(inner) + boom("nested")])
print("nested done")

try:
    with CM("no-suppress", suppress=False):
        q = "x" + str(1 + boom("propagates"))
except ValueError as e:
    print("caught:", e)


class BadTarget:
    pass


# the `as` target is stored under the manager's handler too
try:
    with CM("target", suppress=False) as BadTarget().missing.attr:
        pass
except AttributeError as e:
    print("AttributeError:", e)
