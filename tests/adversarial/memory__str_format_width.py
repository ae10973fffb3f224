# expect: exception MemoryError
# max-seconds: 2
'{:>10000000000}'.format('x')
