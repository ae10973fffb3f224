import operator
def fold(f, items, start):
    acc = start
    for x in items:
        acc = f(acc, x)
    return acc
print(fold(operator.add, [1, 2, 3, 4], 0), fold(operator.mul, [1, 2, 3, 4], 1))
print(fold(operator.concat, [[1], [2, 3]], []))
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])))
print(sorted([("b", 2), ("a", 2), ("c", 1)], key=operator.itemgetter(1, 0)))
