# expect: exception MemoryError
# max-seconds: 2
list(range(10**10))
