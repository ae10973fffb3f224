# expect: exception ValueError
# max-seconds: 2
n = 10**5000
f'{n}'
