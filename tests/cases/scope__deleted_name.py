temp = [1, 2, 3]
print(sum(temp))
del temp
print(temp)
