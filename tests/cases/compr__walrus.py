data = [3, 8, 1, 9, 4]
doubled = [y for x in data if (y := x * 2) > 7]
print(doubled, y)
print([last := n for n in range(3)], last)
totals = [running := 0] + [running := running + n for n in data]
print(totals, running)
