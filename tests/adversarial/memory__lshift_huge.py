# expect: exception MemoryError
# max-seconds: 2
1 << 2**64
