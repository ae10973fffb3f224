grid = {}
for x in range(2):
    for y in range(2):
        grid[(x, y)] = x * 10 + y
print(grid)
print(grid[1, 0], (1, 1) in grid)
visited = {(0, 0), (0, 1), (0, 0)}
print(len(visited), sorted(visited))
lookup = {("a", 1): "first", ("a", 2): "second"}
print(lookup[("a", 2)])
