# expect: exception MemoryError
# max-seconds: 2
tuple(range(10**10))
