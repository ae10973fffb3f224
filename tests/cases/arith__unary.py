x = 5
print(-x, +x, ~x, not x)
print(- -x, -(-x), ~~x)
print(-0, ~0, ~-1)
print(-(2 ** 70))
print(~(2 ** 70))
f = 2.5
print(-f, +f, not f)
print(-True, +False, ~int(True))
print(not 0, not "", not [0])
