# expect: limit time
# limits: timeout=2
while True:
    try:
        1 / 0
    except ZeroDivisionError:
        continue
