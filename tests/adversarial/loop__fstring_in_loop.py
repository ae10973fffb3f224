# expect: limit time
# limits: timeout=2
i = 0
while True:
    s = f"{i:>10}"
    i += 1
