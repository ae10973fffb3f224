# expect: exception MemoryError
# max-seconds: 2
format(1.5, '.10000000000f')
