parts = ["a", "b", "c"]
print("".join(parts))
print(sum(parts))
