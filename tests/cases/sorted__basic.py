print(sorted([5, 2, 8, 1]), sorted([5, 2, 8, 1], reverse=True))
print(sorted("python"), sorted(("b", "a", "c")))
print(sorted({"z": 1, "a": 2}), sorted({3, 1, 2}))
print(sorted([]), sorted([1.5, -2, 0, True]))
original = [3, 1, 2]
result = sorted(original)
print(original, result, result is original)
print(sorted(range(10, 0, -3)))
print(sorted(["b", "B", "a", "A", "_", "1"]))
