# expect: exception SyntaxError|RecursionError|MemoryError
# expand
# known-failure: the guest overflows its native stack while parsing or compiling (internal error)
<<3000*\idef f():\n>><<3000* >>pass
