# expect: limit time
# limits: timeout=2
while True:
    try:
        raise ValueError("again")
    except ValueError:
        pass
