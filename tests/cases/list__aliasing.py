a = [1, 2, 3]
b = a
b.append(4)
print(a, a is b, a == b)
c = a[:]
c.append(5)
print(a, c, a is c)
def mutate(lst):
    lst.append("mutated")
    lst = ["rebound"]
    return lst
r = mutate(a)
print(a, r)
grid = [[0] * 2] * 3
grid[0][0] = 1
print(grid)
grid2 = [[0] * 2 for _ in range(3)]
grid2[0][0] = 1
print(grid2)
