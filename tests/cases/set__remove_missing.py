seen = {1, 2, 3}
seen.remove(2)
print(sorted(seen))
seen.remove(9)
