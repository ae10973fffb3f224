# expect: exception SyntaxError|RecursionError|MemoryError
# expand
y = <<100*f'{f"{>>1<<100*}"}'>>
