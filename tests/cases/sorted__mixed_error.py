values = [1, 2, 3]
print(sorted(values))
values.append("4")
print(sorted(values))
