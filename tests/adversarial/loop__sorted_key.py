# expect: limit time
# limits: timeout=2
def key(x):
    while True:
        pass

sorted([3, 1, 2], key=key)
