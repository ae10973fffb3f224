rows = [("alpha", 3, 0.5), ("beta", 12, 12.25), ("gamma", 100, -3.125)]
header = "%-8s %5s %8s" % ("name", "count", "ratio")
print(header)
print("-" * len(header))
for r in rows:
    print("%-8s %5d %8.3f" % r)
print("%s rows" % len(rows))
