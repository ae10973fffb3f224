readings = [1.5, 2.25, float("inf")]
total = 0
for r in readings[:2]:
    total += int(r)
print("partial", total)
print(int(readings[2]))
