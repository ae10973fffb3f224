# expect: exception OverflowError
# max-seconds: 2
[0] * 2**64
