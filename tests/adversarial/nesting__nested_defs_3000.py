# expect: exception SyntaxError|RecursionError|MemoryError
# expand
<<3000*\idef f():\n>><<3000* >>pass
