# expect: exception RecursionError
a = []
b = [1]
for _ in range(100000):
    a = [a]
    b = [b]
a < b
