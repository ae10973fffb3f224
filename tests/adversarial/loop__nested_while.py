# expect: limit time
# limits: timeout=2
while True:
    while True:
        while True:
            pass
