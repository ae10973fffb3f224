# expect: exception TypeError
int.__add__ = lambda a, b: 0
