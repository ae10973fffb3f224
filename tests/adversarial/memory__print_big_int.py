# expect: exception ValueError
# max-seconds: 2
print(2**20000)
