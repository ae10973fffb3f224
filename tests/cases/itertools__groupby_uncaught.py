import itertools

def key(x):
    if x == 3:
        raise KeyError(x)
    return x % 2

for k, g in itertools.groupby([1, 3, 2], key):
    print(k, list(g))
