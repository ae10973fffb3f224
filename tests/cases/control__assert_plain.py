items = [1, 2, 3]
assert len(items) == 3
print("ok so far")
assert sum(items) == 7
