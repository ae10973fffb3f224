# expect: limit output
# The output limit is not an exception either.
while True:
    try:
        print('y' * 10000)
    except BaseException:
        pass
