# expect: limit time
# limits: timeout=3
# One write per print: 16 MiB of 1-byte prints takes longer than the CPU limits.
while True:
    print('x', end='')
