# A dict entry (int key, int value), the dict grown one insert at a time.
N = 200_000
d = {}
for i in range(N):
    d[i] = i
print("checksum", len(d), sum(d.values()))
