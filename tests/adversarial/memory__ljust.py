# expect: exception MemoryError
# max-seconds: 2
'x'.ljust(10**10)
