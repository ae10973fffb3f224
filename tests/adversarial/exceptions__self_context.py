# expect: exception ValueError
a = ValueError("a")
a.__context__ = a
raise a
