# A float, held in a list slot.
N = 200_000
xs = [None] * N
for i in range(N):
    xs[i] = i * 0.5
print("checksum", len(xs), sum(xs))
