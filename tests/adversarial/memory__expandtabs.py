# expect: exception OverflowError
# max-seconds: 2
'\t\t'.expandtabs(2**31)
