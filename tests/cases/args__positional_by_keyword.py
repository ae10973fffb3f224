def box(width, height, depth):
    return width * 100 + height * 10 + depth

print(box(1, 2, 3))
print(box(depth=3, width=1, height=2))
print(box(1, depth=3, height=2))
print(box(1, 2, depth=3))
def scale(value, factor=2):
    return value * factor
print(scale(value=4), scale(4, factor=0.5))
