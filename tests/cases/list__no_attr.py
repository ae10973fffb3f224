data = [3, 1, 2]
data.sort()
print(data)
print(data.length)
