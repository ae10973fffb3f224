# expect: exception MemoryError
# max-seconds: 2
10 ** 10 ** 10
