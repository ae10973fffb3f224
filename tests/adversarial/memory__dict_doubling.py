# expect: limit memory
d = {0: 0}
while True:
    n = len(d)
    d.update({k + n: k for k in d})
