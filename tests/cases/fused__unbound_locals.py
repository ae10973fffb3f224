# Fused local loads (`compile/src/fuse.rs`) raise for an unbound local as
# the plain loads do, whichever of the two is unbound, and compute the same
# values for ints, bools, floats, big ints and objects alike.
def first_unbound():
    z = y + 1
    y = 2


def second_unbound():
    a = 1
    z = a + b
    b = 2


def attr_unbound():
    v = o.real
    o = 1


for f in (first_unbound, second_unbound, attr_unbound):
    try:
        f()
    except UnboundLocalError as e:
        print(f.__name__, e)


def mix(a, b):
    return [a + b, a - 1, a * b, a < b, a == 2, b // 3 if b else None, a % 7]


print(mix(5, 3), mix(True, 2), mix(2.5, 1.5), mix(2**70, -3), mix(-7, 0))
def cat(a, b):
    return a + b, a + "!"


print(cat("ab", "cd"), cat("x", ""))


def countdown(n):
    out = []
    while n > 0:
        out.append(n)
        n = n - 1
    return out


print(countdown(5), countdown(0))


class P:
    def __init__(self, x):
        self.x = x

    @property
    def twice(self):
        return self.x * 2


p = P(4)
print(p.x, p.twice, P(p.twice).x)
