# expect: exception MemoryError
# max-seconds: 2
bytearray(10**10)
