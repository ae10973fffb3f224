# expect: exception RecursionError
a = []
b = []
for _ in range(100000):
    a = [a]
    b = [b]
a == b
