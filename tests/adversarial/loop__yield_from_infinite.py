# expect: limit time
# limits: timeout=2
def inner():
    while True:
        yield 1

def outer():
    yield from inner()

for x in outer():
    pass
