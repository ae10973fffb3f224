def average(values):
    return sum(values) / len(values)

print(average([1.0, 2.0, 4.0]))
print(average([0.5]))
print(15 / 0)
