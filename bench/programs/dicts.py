# Dicts: insert, lookup, update, get with default, iteration over items.
counts = {}
for i in range(600000):
    k = (i * 7919) % 5003
    counts[k] = counts.get(k, 0) + 1
index = {}
for i in range(300000):
    index["k" + str(i % 2000)] = i
total = 0
for k, v in counts.items():
    total += k * v
for k in index:
    total += index[k] % 97
for i in range(200000):
    if i in counts:
        total += counts[i]
d = {i: i * i for i in range(20000)}
for i in range(0, 20000, 3):
    del d[i]
total += sum(d.values()) % 1000003 + len(d)
print("checksum", total)
