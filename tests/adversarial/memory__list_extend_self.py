# expect: limit memory
x = [0]
while True:
    x.extend(x)
