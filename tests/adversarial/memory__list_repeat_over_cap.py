# expect: exception MemoryError
# max-seconds: 2
# 64 Mi slots of at least 4 bytes: over the cap, known before allocating.
x = [None] * (64 * 2**20)
