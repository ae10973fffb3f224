# expect: exception ValueError
# max-seconds: 2
str(10**100000)
