# expect: limit fuel
# limits: timeout=30
def f():
    f()

while True:
    try:
        f()
    except RecursionError:
        pass
