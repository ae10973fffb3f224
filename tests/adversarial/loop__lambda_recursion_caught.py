# expect: limit fuel
# limits: timeout=10
f = lambda: f()
while True:
    try:
        f()
    except RecursionError:
        continue
