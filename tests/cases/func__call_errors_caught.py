def f(a, b):
    return a + b

def g(a, b=2, *, c):
    return a + b + c

def h():
    return 0

def k(x, y, z):
    return x

attempts = [
    lambda: f(),
    lambda: f(1),
    lambda: f(1, 2, 3),
    lambda: f(1, 2, c=3),
    lambda: f(1, a=1),
    lambda: g(1),
    lambda: g(1, 2, 3),
    lambda: g(),
    lambda: h(1),
    lambda: h(x=1),
    lambda: k(1),
    lambda: k(),
    lambda: (lambda q: q)(),
]
for attempt in attempts:
    try:
        attempt()
    except TypeError as e:
        print(e)
