# expect: exception SyntaxError|RecursionError|MemoryError
# expand
<<1000*\idef f():\n>><<1000* >>pass
