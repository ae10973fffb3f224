def area(width, height):
    return width * height

print(area(3, 4))
print(area(width=2, height=5))
print(area(3))
