# expect: exception MemoryError
# max-seconds: 2
2 ** (10**10)
