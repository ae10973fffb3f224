def multiplier(n):
    def mul(x):
        return x * n
    return mul

double = multiplier(2)
triple = multiplier(3)
print(double(5), triple(5), multiplier(10)("ab"))
fns = {name: multiplier(k) for name, k in [("x2", 2), ("x4", 4)]}
print({name: f(3) for name, f in fns.items()})
def memoize(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapper
calls = []
def slow_square(n):
    calls.append(n)
    return n * n
fast = memoize(slow_square)
print(fast(4), fast(4), fast(5), calls)
