def square(x):
    return x * x

def cube(x):
    return x * x * x

def apply_all(funcs, value):
    return [f(value) for f in funcs]

print(apply_all([square, cube, abs], -3))
ops = {"sq": square, "cube": cube}
print(ops["cube"](2))
def compose(f, g):
    def h(x):
        return f(g(x))
    return h
sq_then_cube = compose(cube, square)
print(sq_then_cube(2))
alias = square
print(alias(7), alias is square)
print(list(map(square, [1, 2, 3])))
