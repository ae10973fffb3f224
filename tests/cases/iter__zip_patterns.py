keys = ["a", "b", "c"]
vals = [1, 2, 3]
print(dict(zip(keys, vals)))
matrix = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*matrix)))
print([list(col) for col in zip(*matrix)])
seq = [1, 4, 9, 16]
print([b - a for a, b in zip(seq, seq[1:])])
for x, y, z in zip("abc", "def", "ghi"):
    print(x + y + z, end=" ")
print()
print(list(zip(range(3), reversed(range(3)))))
