# expect: limit output
while True:
    print('x' * 1000)
