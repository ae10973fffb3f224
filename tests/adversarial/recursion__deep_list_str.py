# expect: exception RecursionError
x = []
for _ in range(100000):
    x = [x]
print(x)
