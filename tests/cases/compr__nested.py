matrix = [[1, 2, 3], [4, 5, 6]]
print([x for row in matrix for x in row])
print([[x * 10 for x in row] for row in matrix])
print([[row[i] for row in matrix] for i in range(3)])
table = [[i * j for j in range(1, 4)] for i in range(1, 4)]
print(table)
print([y for x in [[1, [2]], [3, [4, 5]]] for y in x[1]])
print([(a, b) for a in range(4) if a % 2 for b in range(a) if b])
