# expect: exception SyntaxError|RecursionError|MemoryError
# expand
x = <<100000*abs(>>1<<100000*)>>
