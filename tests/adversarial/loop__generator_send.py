# expect: limit time
# limits: timeout=2
def g():
    x = 0
    while True:
        x = yield x

it = g()
next(it)
while True:
    it.send(1)
