# expect: limit output
while True:
    try:
        1 / 0
    except ZeroDivisionError as e:
        print(repr(e) * 100)
