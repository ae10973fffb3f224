# A list slot: one reference per element (None is shared).
N = 200_000
xs = [None] * N
print("checksum", len(xs))
