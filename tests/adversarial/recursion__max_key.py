# expect: exception RecursionError
def key(x):
    return max([x], key=key)

max([1], key=key)
