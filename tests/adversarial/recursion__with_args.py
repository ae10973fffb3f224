# expect: exception RecursionError
def f(n, acc):
    return f(n + 1, acc + [n])

f(0, [])
