values = [1, 2, 3]
shifted = [v << 2 for v in values]
print(shifted)
print([v >> 1 for v in shifted])
amount = -1
print(8 >> amount)
