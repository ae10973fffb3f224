base = 3
exponent = 100
result = base ** exponent
print("digits:", len(str(result)))
result - 1
