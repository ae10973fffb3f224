data = {"user": "amy", "n": 3, "items": ["a", "b", "c"]}
print("{user} has {n} items: {items[0]}, {items[2]}".format_map(data))
print("{n:03d}|{user!r:>8}".format_map(data))
try:
    "{0}".format_map(data)
except ValueError as e:
    print("ValueError:", e)
try:
    "{missing}".format_map(data)
except KeyError as e:
    print("KeyError:", e)
print("{user}".format_map({"user": "bob", "other": 1}))
"{user} {nope}".format_map(data)
