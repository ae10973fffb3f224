cache = {}
cache[(1, 2)] = "tuple ok"
print(cache)
key = [1, 2]
try:
    cache[key] = "list"
except TypeError as e:
    print(type(e).__name__, "unhashable type: 'list'" in str(e))
print(hash(key))
