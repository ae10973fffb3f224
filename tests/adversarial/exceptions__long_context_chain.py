# expect: exception ValueError
e = None
for i in range(100000):
    try:
        raise ValueError(i)
    except ValueError as x:
        if e is not None:
            x.__context__ = e
        e = x
raise e
