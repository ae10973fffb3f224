# expect: limit time
# limits: timeout=2
try:
    1 / 0
except ZeroDivisionError:
    while True:
        pass
