# expect: limit time
# limits: timeout=2
# A limit is not an exception: catching BaseException cannot stop it.
while True:
    try:
        while True:
            pass
    except BaseException:
        pass
