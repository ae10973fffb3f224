# expect: exception SyntaxError|RecursionError|MemoryError
# expand
# known-failure: the guest overflows its native stack while parsing or compiling (internal error)
x = <<100000*->>1
