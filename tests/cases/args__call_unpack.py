def f(a, b, c=0, d=0):
    return [a, b, c, d]

args = [1, 2]
kwargs = {"d": 4}
print(f(*args))
print(f(*args, **kwargs))
print(f(*args, 3, **kwargs))
print(f(*"xy"))
print(f(*(1,), *(2,), c=3))
print(f(1, **{"b": 2}, **{"c": 3}))
print(f(*range(4)))
print(max(*[3, 9, 2]), print(*["a", "b"], sep="+"))
