total = 0
for i in range(4):
    total += i
print(total)
result = total * 2
