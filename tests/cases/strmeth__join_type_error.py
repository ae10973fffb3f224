values = ["a", "b"]
print("-".join(values))
numbers = [1, 2, 3]
print(",".join(numbers))
