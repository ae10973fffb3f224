# expect: limit memory
# Small in memory (rows are shared), huge as text.
row = [0] * 10000
grid = [row] * 10000
s = repr(grid)
