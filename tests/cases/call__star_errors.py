# (Python 3.14 names code of the main module without `__main__.`, as the sandbox
# does by the design contract; the 3.13 that writes the expected output adds it)
# Errors from * and ** in calls and displays name the callable, as CPython does.
class A:
    def m(self, **k):
        pass


def f(*a, **k):
    pass


def g(a):
    pass


tests = [
    lambda: f(*1),
    lambda: f(**1),
    lambda: A(*1),
    lambda: A(**[]),
    lambda: A().m(**1),
    lambda: print(*1),
    lambda: len(**1),
    lambda: f(**{'a': 1}, **{'a': 2}),
    lambda: f(a=1, **{'a': 2}),
    lambda: f(**{'a': 1}, a=2),
    lambda: A().m(a=1, **{'a': 2}),
    lambda: [*1],
    lambda: (*1,),
    lambda: {*1},
    lambda: {**1},
    lambda: f(*(x for x in 1)),
    lambda: max(*1),
    lambda: (lambda **k: 0)(**1),
    lambda: g(1, **{'a': 2}),
    lambda: f(*[1], *None),
    lambda: f(**{1: 2}),
]
for t in tests:
    try:
        t()
        print('ok')
    except TypeError as e:
        print(type(e).__name__, str(e).replace('__main__.', ''))
