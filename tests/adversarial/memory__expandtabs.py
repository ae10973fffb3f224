# expect: exception OverflowError
# max-seconds: 2
# known-failure: guest panics (capacity overflow), internal error; CPython: OverflowError
'\t\t'.expandtabs(2**31)
