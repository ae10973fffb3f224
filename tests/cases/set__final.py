left = {3, 1, 2}
right = {5, 1}
print(len(left | right))
sorted(left | right)
