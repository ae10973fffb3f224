# expect: limit time
# limits: timeout=2
# sum() needs constant memory (CPython does not store the items).
def g():
    while True:
        yield 1 << 100000

sum(g())
