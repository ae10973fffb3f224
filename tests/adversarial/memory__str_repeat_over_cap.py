# expect: exception MemoryError
# max-seconds: 2
# 300 MiB: over the 256 MiB cap, known before allocating.
s = 'x' * (300 * 2**20)
