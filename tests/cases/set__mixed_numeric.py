s = {1, 1.0, True}
print(len(s))
t = {0, False, 0.0, -0.0}
print(len(t))
u = {1, 2} | {2.0, 3.0}
print(len(u), sorted(u))
print(2 ** 64 in {2.0 ** 64})
print(sorted({-1, 5, 3, 0}))
