# expect: limit fuel
# limits: timeout=10
def f():
    f()

while True:
    try:
        f()
    except RecursionError:
        pass
