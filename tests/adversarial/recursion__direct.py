# expect: exception RecursionError
def f():
    return f()

f()
