# expect: limit time
# limits: timeout=2
# known-failure: garbage big ints pile up: the GC counts allocations, not bytes (limit memory in < 1 s)
# sum() needs constant memory (CPython does not store the items).
def g():
    while True:
        yield 1 << 100000

sum(g())
