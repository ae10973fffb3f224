# expect: exception AttributeError
def f():
    pass

'{0.__globals__}'.format(f)
