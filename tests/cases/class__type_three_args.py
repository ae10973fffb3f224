# type(name, bases, dict), class-body dunders and module __name__
def _init(self, v):
    self.v = v


ns = {"x": 1, "__init__": _init, "double": lambda self: self.v * 2}
A = type("A", (), ns)
ns["y"] = 2
a = A(21)
print(A.__name__, A.x, a.double(), isinstance(a, A), hasattr(A, "y"))
print(A.__doc__, type("D", (), {"__doc__": "hi"}).__doc__, A.__module__)
B = type("B", (A,), {"z": 3})
print(B(1).double(), B.z, B.x, issubclass(B, A))
for bad in [lambda: type(), lambda: type("A", ()), lambda: type(1, (), {}), lambda: type("A", [], {}), lambda: type("A", (), [])]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


class Doc:
    "the docs"
    copy = __doc__
    name = __qualname__
    mod = __module__


class NoDoc:
    pass


print(Doc.copy, Doc.name, Doc.mod, NoDoc.__doc__)
print(__name__, __debug__)
if __name__ == "__main__":
    print("main guard")


def from_function():
    return __name__


print(from_function())
