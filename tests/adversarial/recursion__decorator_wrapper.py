# expect: exception RecursionError
def deco(fn):
    def wrapper(*a):
        return wrapper(*a)
    return wrapper

@deco
def f():
    pass

f()
