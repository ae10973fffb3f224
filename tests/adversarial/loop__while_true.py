# expect: limit time
# limits: timeout=2
while True:
    pass
