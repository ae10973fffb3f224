# expect: limit time
# limits: timeout=2
while True:
    try:
        raise KeyError("k")
    except LookupError as e:
        e.args
