# expect: exception MemoryError
# max-seconds: 2
s = 'x' * 1000
s.replace('', 'y' * 10**6)
