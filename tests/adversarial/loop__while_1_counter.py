# expect: limit time
# limits: timeout=2
i = 0
while 1:
    i += 1
