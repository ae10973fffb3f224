# expect: exception RecursionError
def f(x):
    return list(map(f, [x]))

f(0)
