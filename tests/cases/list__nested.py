matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print(matrix[1][2], matrix[-1][-1])
matrix[0][0] = 100
print(matrix)
transposed = [[row[i] for row in matrix] for i in range(3)]
print(transposed)
diag = [matrix[i][i] for i in range(3)]
print(diag)
deep = [1, [2, [3, [4, [5]]]]]
print(deep[1][1][1][1][0], deep)
rows = []
for i in range(3):
    rows.append([i] * i)
print(rows)
