# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = 1<<100000* + 1>>
