# expect: exception SyntaxError|RecursionError|MemoryError
# expand
<<3000*\ifor _ in range(1):\n>><<3000* >>pass
