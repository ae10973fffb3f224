# expect: exception MemoryError
# max-seconds: 2
# 1 GB result; join knows the total length before allocating.
parts = ['x' * 10**6] * 1000
','.join(parts)
