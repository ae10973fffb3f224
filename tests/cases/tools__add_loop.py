total = 0
for i in range(5):
    total = add(total, i * i)
    print("step", i, total)
total
