# expect: exception RecursionError
# known-failure: the guest overflows its native stack (internal error)
# The final value is converted for the host: too deep to do so.
x = []
for _ in range(100000):
    x = [x]
x
