import copy
def f(x):
    return x + 1
g = lambda: 42
print(copy.copy(f) is f, copy.deepcopy(f) is f, copy.deepcopy(g) is g)
holder = copy.deepcopy({"fn": f, "data": [1]})
print(holder["fn"] is f, holder["fn"](1))
print(copy.deepcopy(len) is len, copy.deepcopy(int) is int)
