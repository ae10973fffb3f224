# expect: exception RecursionError
t = ()
for _ in range(100000):
    t = (t,)
hash(t)
