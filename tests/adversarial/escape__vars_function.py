# expect: exception TypeError
def f():
    pass

vars(f)
