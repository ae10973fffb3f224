# expect: exception RecursionError
# known-failure: the guest overflows its native stack (internal error)
x = []
for _ in range(100000):
    x = [x]
print(x)
