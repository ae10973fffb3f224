# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = <<100000*{1: >>1<<100000*}>>
