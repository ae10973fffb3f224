from contextlib import contextmanager, AbstractContextManager

log = []

@contextmanager
def tag(name):
    log.append("<" + name)
    try:
        yield name.upper()
    finally:
        log.append(name + ">")

with tag("a") as t:
    print("inside", t)
print(log)

@contextmanager
def swallow():
    try:
        yield
    except ValueError as e:
        print("swallowed", type(e).__name__, e)

with swallow():
    raise ValueError("boom")
print("after swallow")

try:
    with swallow():
        raise KeyError("k")
except KeyError as e:
    print("propagated", repr(e))

@contextmanager
def no_yield():
    if False:
        yield

try:
    with no_yield():
        pass
except RuntimeError as e:
    print(type(e).__name__, e)

@contextmanager
def two_yields():
    yield 1
    yield 2

try:
    with two_yields():
        pass
except RuntimeError as e:
    print(type(e).__name__, e)

try:
    with two_yields():
        raise ValueError("x")
except ValueError as e:
    print("ValueError", e)

@contextmanager
def yield_again_after_throw():
    try:
        yield
    except ValueError:
        yield

try:
    with yield_again_after_throw():
        raise ValueError("y")
except RuntimeError as e:
    print(type(e).__name__, e)

@contextmanager
def converts():
    try:
        yield
    except ValueError as e:
        raise TypeError("converted") from e

try:
    with converts():
        raise ValueError("orig")
except TypeError as e:
    print(type(e).__name__, e, repr(e.__cause__))

@contextmanager
def args(*a, **k):
    yield (a, sorted(k.items()))

with args(1, 2, x=3) as v:
    print(v)

cm = tag("b")
print(type(cm).__name__, isinstance(cm, AbstractContextManager) or True)
with cm:
    pass
print(log)

# a StopIteration raised in the body propagates
@contextmanager
def plain():
    yield

try:
    with plain():
        raise StopIteration("s")
except StopIteration as e:
    print("StopIteration", e)

def counter():
    n = 0
    @contextmanager
    def inc():
        nonlocal n
        n += 1
        yield n
        n += 10
    return inc, lambda: n

inc, get = counter()
with inc() as a:
    print(a, get())
print(get())

@contextmanager
def nested(x):
    with tag(x):
        yield x * 2

with nested("q") as q:
    print(q)
print(log)
