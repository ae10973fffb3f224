values = [3, 1, 2]
print(max(values), min(values))
print(values[0] < values[1])
print(values[0] < "10")
