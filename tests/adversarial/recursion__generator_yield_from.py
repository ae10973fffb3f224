# expect: exception RecursionError
def g():
    yield from g()

list(g())
