def f(a, b=2, *args, c, d=4, **kw):
    return f"a={a} b={b} args={args} c={c} d={d} kw={kw}"

print(f(1, c=3))
print(f(1, 20, 30, 40, c=3))
print(f(1, c=3, d=5, e=6, z=7))
print(f(*[1, 2, 3], **{"c": 0, "x": 9}))
print(f(a=1, b=5, c=6))
