point = (1, 2)
print(point[0])
moved = (point[0] + 1,) + point[1:]
print(moved)
point[0] = 5
