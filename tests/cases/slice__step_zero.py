data = [1, 2, 3]
print(data[::1])
print(data[::0])
