# expect: limit memory
s = 'x'
while True:
    s += s
