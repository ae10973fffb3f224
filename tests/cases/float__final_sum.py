prices = [19.99, 5.01, 0.1]
total = 0.0
for p in prices:
    total += p
print(len(prices))
total
