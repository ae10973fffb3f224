# expect: ok
def f():
    pass

vars(f)
