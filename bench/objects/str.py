# A short str (7 ASCII characters, a word's size), held in a list slot.
N = 200_000
xs = [None] * N
for i in range(N):
    xs[i] = f"w{i:06d}"
print("checksum", len(xs), sum(map(len, xs)))
