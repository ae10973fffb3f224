# expect: limit output
while True:
    print('x' * 10, end='')
