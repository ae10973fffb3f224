data = {"name": "Ann", "tags": ["a", "b"]}
print(f"{data}")
print(f"{data['name']} has {len(data['tags'])} tags: {', '.join(data['tags'])}")
t = (1, "two", 3.0)
print(f"{t} {t[1]} {t[-1]:.2f}")
print(f"{[x * 2 for x in range(3)]}")
print(f"{ {'a': 1}['a'] }")
print(f"{list(range(3))!r:>15}|")
print(f"{set() == set()}")
