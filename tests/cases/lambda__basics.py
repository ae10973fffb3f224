square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(7), add(1), add(1, 2), add(b=0, a=5))
print((lambda: "no args")())
print((lambda *a, **k: (a, k))(1, 2, z=3))
compose = lambda f, g: lambda x: f(g(x))
inc_then_square = compose(square, lambda x: x + 1)
print(inc_then_square(4))
print((lambda x, *, y: x - y)(10, y=3))
