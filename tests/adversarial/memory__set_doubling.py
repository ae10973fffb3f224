# expect: limit memory
s = {0}
while True:
    n = len(s)
    s |= {k + n for k in s}
