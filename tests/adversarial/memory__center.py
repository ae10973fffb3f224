# expect: exception MemoryError
# max-seconds: 2
'x'.center(10**10, '*')
