# expect: exception RecursionError
d = {}
for _ in range(100000):
    d = {"k": d}
repr(d)
