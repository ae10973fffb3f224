from contextlib import suppress, nullcontext, closing, ExitStack

with suppress(KeyError, IndexError):
    {}["x"]
print("suppressed KeyError")
with suppress(LookupError):
    [][1]
print("suppressed subclass")
try:
    with suppress(KeyError):
        1 / 0
except ZeroDivisionError as e:
    print("not suppressed:", e)
with suppress():
    pass
try:
    with suppress():
        raise ValueError("v")
except ValueError as e:
    print("empty suppress:", e)
s = suppress(ValueError)
print(s.__enter__())
print(s.__exit__(None, None, None), s.__exit__(ValueError, ValueError("a"), None), s.__exit__(TypeError, TypeError(), None))

with nullcontext() as n:
    print(n)
with nullcontext(42) as n:
    print(n)
try:
    with nullcontext(1):
        raise ValueError("through nullcontext")
except ValueError as e:
    print(e)

class Res:
    def __init__(self, name):
        self.name = name
    def close(self):
        print("closed", self.name)

with closing(Res("r1")) as r:
    print("using", r.name)
try:
    with closing(Res("r2")):
        raise RuntimeError("err")
except RuntimeError as e:
    print("caught", e)

class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None, v)
        return self.suppress

with ExitStack() as stack:
    a = stack.enter_context(CM("a"))
    b = stack.enter_context(CM("b"))
    stack.callback(print, "callback", 1, sep="-")
    print("body", a, b)
print("---")
with ExitStack() as stack:
    stack.enter_context(CM("s", suppress=True))
    stack.enter_context(CM("t"))
    raise ValueError("in body")
print("suppressed by s")
print("---")
try:
    with ExitStack() as stack:
        stack.enter_context(CM("u"))
        def bad(*exc):
            print("bad sees", exc[0].__name__ if exc[0] else None)
            raise KeyError("from callback")
        stack.push(bad)
        raise ValueError("orig")
except KeyError as e:
    print("caught", repr(e), "context", repr(e.__context__))
print("---")
with ExitStack() as stack:
    stack.callback(print, "late")
    moved = stack.pop_all()
print("stack closed")
moved.close()
print("---")
def pushed(t, v, tb):
    print("pushed", t, v, tb)
st = ExitStack()
print(st.push(pushed) is pushed)
st.push(CM("obj"))
st.close()
print(st.__enter__() is st)
try:
    ExitStack().enter_context(42)
except TypeError as e:
    print(e)
cb = ExitStack().callback(len, [1])
print(cb)
with ExitStack() as st:
    for i in range(3):
        st.callback(print, "unwind", i)
print(isinstance(st, ExitStack), type(st).__name__)
