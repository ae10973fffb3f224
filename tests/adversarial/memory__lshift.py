# expect: exception MemoryError
# max-seconds: 2
1 << 10**10
