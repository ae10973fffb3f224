# expect: exception SyntaxError|RecursionError|MemoryError
# expand
# known-failure: the guest overflows its native stack while parsing or compiling (internal error)
f = <<100000*lambda: >>0
