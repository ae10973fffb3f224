# expect: exception SyntaxError|RecursionError|MemoryError
# expand
# known-failure: the guest overflows its native stack while parsing or compiling (internal error)
x = 1
y = x<<100000*.real>>
