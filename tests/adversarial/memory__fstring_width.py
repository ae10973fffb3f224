# expect: exception MemoryError
# max-seconds: 2
w = 10**10
f'{1:{w}}'
