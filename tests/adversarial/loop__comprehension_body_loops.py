# expect: limit time
# limits: timeout=2
def spin(x):
    while True:
        pass

[spin(x) for x in range(3)]
