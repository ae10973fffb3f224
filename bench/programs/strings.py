# Strings: building, slicing, methods (split/join/replace/upper/find), f-strings.
parts = []
for i in range(150000):
    s = f"item-{i}:{i * 7 % 13}"
    if i % 3 == 0:
        s = s.upper()
    parts.append(s)
text = ",".join(parts)
words = text.split(",")
acc = 0
for w in words:
    name, _, num = w.partition(":")
    acc += len(name) + int(num)
    if w.startswith("ITEM"):
        acc += 1
    acc += w.find("-")
rep = text.replace("item", "x").replace("ITEM", "yy")
acc += len(rep) + rep.count("x") + len(text[::7])
print("checksum", acc)
