# expect: limit time
# limits: timeout=2
try:
    pass
finally:
    while True:
        pass
