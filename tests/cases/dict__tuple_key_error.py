table = {(0, 0): "origin"}
print(table[(0, 0)])
print(table[(1, 2)])
