# Closures and higher-order functions: nonlocal counters, map/filter, lambdas.
def make_counter():
    n = 0

    def inc(step):
        nonlocal n
        n += step
        return n

    return inc


def compose(f, g):
    return lambda x: f(g(x))


def adder(k):
    return lambda x: x + k


counter = make_counter()
for i in range(1000000):
    counter(i % 5)
fns = [adder(k) for k in range(10)]
h = compose(adder(3), lambda x: x * 2)
total = 0
for i in range(500000):
    total += fns[i % 10](i) + h(i)
total += sum(map(lambda x: x * 3, filter(lambda x: x % 2 == 0, range(600000))))
print("checksum", counter(0), total)
