def normalize(values):
    biggest = max(values)
    return [v / biggest for v in values]

print(normalize([1, 2, 4]))
print(normalize([0, 0]))
