# expect: exception MemoryError
# max-seconds: 2
'1'.zfill(10**10)
