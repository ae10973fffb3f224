# expect: limit time
# limits: timeout=2
def g():
    while True:
        yield 1

for x in g():
    pass
