original = [[1, 2], [3, 4]]
copy = original[:]
copy.append([5])
copy[0].append("shared")
print(original)
print(copy)
print(copy is original, copy[0] is original[0])
rev = original[::-1]
rev[0] = "changed"
print(original[1], rev[0])
