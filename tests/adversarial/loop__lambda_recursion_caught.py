# expect: limit fuel
# limits: timeout=30
f = lambda: f()
while True:
    try:
        f()
    except RecursionError:
        continue
