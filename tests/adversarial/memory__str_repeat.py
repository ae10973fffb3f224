# expect: exception MemoryError
# max-seconds: 2
'x' * 10**10
