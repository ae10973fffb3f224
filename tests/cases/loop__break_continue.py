for i in range(10):
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
for i in range(3):
    for j in range(3):
        if j == i:
            continue
        if j > i:
            break
        print(i, j)
total = 0
i = 0
while True:
    i += 1
    if i % 3 == 0:
        continue
    total += i
    if i >= 10:
        break
print("total", total)
