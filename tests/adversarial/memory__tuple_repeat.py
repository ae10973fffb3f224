# expect: exception MemoryError
# max-seconds: 2
(0,) * 10**10
