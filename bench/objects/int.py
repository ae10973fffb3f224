# An int beyond the small-int cache, held in a list slot.
N = 200_000
xs = [None] * N
for i in range(N):
    xs[i] = i + 1000
print("checksum", len(xs), sum(xs))
