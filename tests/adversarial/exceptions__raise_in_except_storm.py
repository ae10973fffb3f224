# expect: limit time
# limits: timeout=2
def boom(n):
    try:
        raise ValueError(n)
    except ValueError:
        raise KeyError(n)

while True:
    try:
        boom(1)
    except KeyError:
        pass
