def one(a):
    return a

def opt(a, b=1):
    return a

def kw(*, a):
    return a

def star(a, *args):
    return a

tests = [
    lambda: opt(1, 2, 3),
    lambda: opt(),
    lambda: kw(1),
    lambda: kw(),
    lambda: kw(a=1, b=2),
    lambda: star(),
    lambda: one(**{"a": 1, "b": 2}),
    lambda: one(1, **{"a": 2}),
    lambda: opt(b=2),
]
for t in tests:
    try:
        t()
        print("ok")
    except TypeError as e:
        print(type(e).__name__, "-", e)
