rows = [[1, "b"], [1, "a"], [0, "z"]]
print(sorted(rows))
print([1, "a"] < [1, "b"], [2, "a"] < [1, 2])
print([1, "a"] < [1, 2])
