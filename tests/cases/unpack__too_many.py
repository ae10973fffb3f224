point = [1, 2]
x, y = point
print(x, y)
point.append(3)
x, y = point
