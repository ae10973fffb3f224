d = {"x": 1}
print(d.get("x"), d.get("y"), d.get("y", "dflt"))
print(d.setdefault("x", 99), d)
print(d.setdefault("y", []), d)
d.setdefault("y", []).append(1)
d.setdefault("z", []).append(2)
print(d)
print(d.setdefault("w"), d)
groups = {}
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups.setdefault(word[0], []).append(word)
print(groups)
