items = ["a", "b", "c"]
del items[1]
print(items)
del items[5]
