# expect: exception MemoryError
# max-seconds: 2
b'x' * 10**10
