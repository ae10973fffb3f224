cache = {}
cache[(1, 2)] = "tuple ok"
print(cache)
key = [1, 2]
cache[key] = "list"
