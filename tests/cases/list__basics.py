items = [3, "two", 1.0, None, [5, 6]]
print(items, len(items))
print(items[0], items[-1], items[-1][0])
print(repr(items[1]))
empty = []
print(empty, len(empty), [[]], [[], [[]]])
items[2] = "changed"
print(items)
print(list(), list((1, 2)), list("ab"), list(range(3)))
print([1, 2] == [1, 2], [1, 2] != [2, 1])
print(3 in items, 4 in items, [5, 6] in items)
