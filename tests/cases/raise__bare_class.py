def must_exist(d, k):
    if k not in d:
        raise KeyError
    return d[k]

print(must_exist({"x": 1}, "x"))
must_exist({}, "y")
