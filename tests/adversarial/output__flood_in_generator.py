# expect: limit output
def g():
    while True:
        print('g' * 100)
        yield

for _ in g():
    pass
