# expect: exception SyntaxError|RecursionError|MemoryError
# expand
f = <<100000*lambda: >>0
