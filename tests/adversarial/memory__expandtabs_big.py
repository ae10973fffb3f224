# expect: exception MemoryError
# max-seconds: 2
# 100 tabs of 10**7 columns: 10**9 characters, known before allocating.
('\t' * 100).expandtabs(10**7)
