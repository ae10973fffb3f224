def move(x, y):
    return x + y

print(move(1, y=2))
print(move(1, x=2))
