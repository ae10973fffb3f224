# expect: limit time
# limits: timeout=2
for x in iter(int, 1):
    pass
