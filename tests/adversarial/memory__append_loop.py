# expect: limit memory
x = []
while True:
    x.append('a' * 10**6)
