# expect: exception AttributeError
def f():
    pass

getattr(f, '__glob' + 'als__')
