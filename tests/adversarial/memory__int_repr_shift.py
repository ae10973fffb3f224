# expect: exception ValueError
# max-seconds: 2
repr(1 << 10**6)
