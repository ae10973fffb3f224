# expect: exception ValueError
# max-seconds: 2
format(1, '1' * 30)
