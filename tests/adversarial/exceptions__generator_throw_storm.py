# expect: limit time
# limits: timeout=2
def g():
    while True:
        try:
            yield
        except ValueError:
            pass

it = g()
next(it)
while True:
    it.throw(ValueError)
