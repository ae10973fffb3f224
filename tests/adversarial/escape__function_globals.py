# expect: exception AttributeError
def f():
    pass

f.__globals__
