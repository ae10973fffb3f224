# expect: exception AttributeError
class A:
    pass

'{0.__init__.__globals__[__builtins__]}'.format(A())
