total = 0
for i in range(5):
    total += 10 / (3 - i)
    print(i, total)
