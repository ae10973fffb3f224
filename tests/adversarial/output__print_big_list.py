# expect: limit output
print(['x' * 100] * 200000)
