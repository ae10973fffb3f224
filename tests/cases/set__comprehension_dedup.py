words = ["Apple", "apple", "APPLE", "banana", "Banana", "cherry"]
unique = {w.lower() for w in words}
print(sorted(unique))
lengths = {len(w) for w in words}
print(sorted(lengths, reverse=True))
pairs = {(a, b) for a in range(3) for b in range(3) if a < b}
print(sorted(pairs))
