# expect: exception OverflowError
# max-seconds: 2
# known-failure: MemoryError; CPython: OverflowError cannot fit int into an index-sized integer
'x' * 2**64
