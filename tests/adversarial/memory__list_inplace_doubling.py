# expect: limit memory
x = [0]
while True:
    x *= 2
