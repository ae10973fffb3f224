# Word count: a million short strings held in a list, counted in a dict
# (memory per object as much as speed: issue 18's shape).
words = []
for i in range(1000000):
    words.append("w" + str((i * 7919) % 50021))
counts = {}
for w in words:
    counts[w] = counts.get(w, 0) + 1
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
total = sum(len(w) for w in words)
print("checksum", len(words), len(counts), total, top[0][1], top[-1][0])
