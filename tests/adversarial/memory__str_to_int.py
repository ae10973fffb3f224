# expect: exception ValueError
# max-seconds: 2
int('7' * 5000)
