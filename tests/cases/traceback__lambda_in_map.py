values = [4, 2, 0, 1]
results = list(map(lambda v: 8 / v, values))
print(results)
