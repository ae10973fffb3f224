def ratios(pairs):
    return [a / b for a, b in pairs]

print(ratios([(1, 2), (3, 4)]))
print(ratios([(1, 2), (5, 0)]))
