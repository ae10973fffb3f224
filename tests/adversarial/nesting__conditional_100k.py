# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = <<100000*1 if 0 else >>2
