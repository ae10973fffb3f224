# Calls and returns the dispatch loop takes inline (plain functions with
# exactly their positional arguments) mixed with those it does not.


def depth(n):
    return depth(n + 1)


try:
    depth(0)
except RecursionError as e:
    print("recursion:", e)


def count_down(n):
    if n == 0:
        return 0
    return 1 + count_down(n - 1)


print(count_down(500))


def guarded(n):
    try:
        if n == 3:
            raise ValueError(n)
        return guarded(n + 1)
    except ValueError as e:
        return f"caught {e} at depth {n}"


print(guarded(0))


def unbound(flag):
    if flag:
        x = 1
    return x


try:
    unbound(False)
except UnboundLocalError as e:
    print("unbound:", e)


def with_default(a, b=10):
    return plain(a) + b


def plain(a):
    return a * 2


print(with_default(1), with_default(1, 2), plain(4))

ns = {}
exec("def made(x):\n    return x + 100\n", ns)
made = ns["made"]
print([made(i) for i in range(3)], made(plain(1)))


def gen(n):
    for i in range(n):
        yield plain(i)


print(list(gen(4)), sorted([3, 1, 2], key=plain))


class Box:
    def __init__(self, v):
        self.v = v

    def get(self):
        return plain(self.v)


print(Box(21).get())


def tb_inner(n):
    return 1 // n


def tb_outer(n):
    return tb_inner(n - 1)


try:
    tb_outer(1)
except ZeroDivisionError as e:
    print("zero:", type(e).__name__)
print(tb_outer(2))
