# expect: exception RecursionError
import copy
x = []
for _ in range(100000):
    x = [x]
copy.deepcopy(x)
