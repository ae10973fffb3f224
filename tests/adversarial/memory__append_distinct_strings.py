# expect: limit memory
x = []
i = 0
while True:
    x.append(str(i) * 100)
    i += 1
