# expect: exception ValueError
e = None
for i in range(100000):
    try:
        raise ValueError(i) from e
    except ValueError as x:
        e = x
raise e
