# expect: exception ValueError
def f(n):
    try:
        f(n + 1)
    finally:
        raise ValueError(n)

f(0)
