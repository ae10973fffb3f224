# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = [0]
y = x<<100000*[0]>>
