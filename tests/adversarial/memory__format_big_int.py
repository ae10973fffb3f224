# expect: exception ValueError
# max-seconds: 2
format(10**5000, ',')
