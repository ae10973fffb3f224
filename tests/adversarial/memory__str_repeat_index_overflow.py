# expect: exception OverflowError
# max-seconds: 2
'x' * 2**64
