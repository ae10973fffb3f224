# expect: exception SyntaxError|RecursionError|MemoryError
# expand
# known-failure: the guest overflows its native stack while parsing or compiling (internal error)
<<3000*\iif True:\n>><<3000* >>pass
