grid = [
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
]
target = 6
found = None
for r, row in enumerate(grid):
    for c, value in enumerate(row):
        if value == target:
            found = (r, c)
            break
    if found:
        break
print("found at", found)
count = 0
for row in grid:
    for v in row:
        if v % 2:
            continue
        count += 1
print("evens", count)
