# expect: exception MemoryError
# max-seconds: 2
bytes(10**10)
