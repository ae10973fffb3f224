# cache tool results so repeated keys make no extra host calls
calls = []

def cached(cache, key):
    if key not in cache:
        calls.append(key)
        cache[key] = search(key, limit=2)
    return cache[key]

cache = {}
queries = ["cats", "dogs", "cats", "fish", "dogs", "cats"]
answers = [cached(cache, q) for q in queries]
print(answers[0], answers[-1] is answers[0])
print("host calls:", calls, "cache size:", len(cache))
counts = {q: queries.count(q) for q in dict.fromkeys(queries)}
print(counts)
