# expect: limit time
# limits: timeout=2
d = {}
i = 0
while True:
    d[i] = i
    del d[i]
    i += 1
