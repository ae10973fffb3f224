# expect: exception MemoryError
# max-seconds: 2
format(1, '10000000000')
