# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = 1
y = x<<100000*.real>>
