for i in range(3):
    pass
print("after loop i =", i)
for j in range(5):
    if j == 2:
        break
print("after break j =", j)
for k in []:
    pass
print(k)
