# A generator's return value: StopIteration.value, and `yield from`'s
# result, with values sent through the delegation.

def counted():
    yield 1
    yield 2
    return "done"

g = counted()
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stopped with", repr(e.value), e.args)
try:
    next(g)
except StopIteration as e:
    print("again:", repr(e.value), e.args)

g = counted()
print(g.send(None), g.send("ignored"))
try:
    g.send(None)
except StopIteration as e:
    print("send stopped with", e.value)


def inner():
    received = []
    while True:
        x = yield len(received)
        if x is None:
            return received
        received.append(x)


def outer():
    got = yield from inner()
    print("inner returned", got)
    rest = yield from [10, 20]
    print("a list gives", rest)
    return len(got)


o = outer()
print(next(o))
print(o.send("a"), o.send("b"))
print(o.send(None))
print(next(o))
try:
    next(o)
except StopIteration as e:
    print("outer returned", e.value)


def chain(*parts):
    total = 0
    for p in parts:
        total += yield from p
    return total


def part(n):
    yield from range(n)
    return n


c = chain(part(2), part(3))
print(list(c))
c = chain(part(1), part(2))
for _ in c:
    pass
try:
    next(c)
except StopIteration as e:
    print("exhausted:", e.value)


def returns_early():
    return 7
    yield

print(list(returns_early()))
try:
    next(returns_early())
except StopIteration as e:
    print(e.value, e.args)

def delegate_exhausted():
    g = counted()
    list(g)
    r = yield from g
    return r

try:
    next(delegate_exhausted())
except StopIteration as e:
    print("exhausted delegate:", e.value)
