# expect: exception RecursionError
# A 1000-frame traceback, formatted once.
def f(n):
    return f(n + 1) + 1

f(0)
