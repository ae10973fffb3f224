def f(a, b, c=3, *args, d=4, **kw):
    return a, b, c, args, d, kw

print(f(*[1, 2]))
print(f(1, *[2, 3, 4, 5]))
print(f(*(1, 2), d=0, **{"e": 5}))
print(f(1, *[2], c=30, **{"d": 40, "z": 1}))
params = {"b": "B", "a": "A"}
print(f(**params))
print(f(*"ab", *"cd"))
