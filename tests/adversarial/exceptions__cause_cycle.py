# expect: exception ValueError
a = ValueError("a")
b = TypeError("b")
a.__cause__ = b
b.__cause__ = a
raise a
