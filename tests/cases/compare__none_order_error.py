scores = [10, None, 7]
best = 0
for s in scores:
    if s is not None and s > best:
        best = s
print(best)
print(scores[1] > 5)
