# expect: limit time
# limits: timeout=2
def g():
    yield 1
    while True:
        pass

list(g())
