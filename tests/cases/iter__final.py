pairs = list(zip("abc", range(1, 4)))
print(pairs[0])
list(map(lambda p: p[0] * p[1], pairs))
