# expect: exception RecursionError
def f():
    try:
        pass
    finally:
        f()

f()
