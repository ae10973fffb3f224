rows = [{"k": 2}, {"k": 1}, {"j": 0}]
print(sorted(rows[:2], key=lambda r: r["k"]))
print(sorted(rows, key=lambda r: r["k"]))
