# expect: exception SyntaxError|RecursionError|MemoryError
# expand
<<3000*\iif True:\n>><<3000* >>pass
