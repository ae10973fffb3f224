items = [3, 1, 2]
items.sort()
print(items)
items.append(4)
