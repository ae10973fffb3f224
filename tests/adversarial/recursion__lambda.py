# expect: exception RecursionError
f = lambda: f()
f()
