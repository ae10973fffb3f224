import string
text = "Hello, World! 123 (test) #tag"
counts = {"letters": 0, "digits": 0, "punct": 0, "space": 0}
for ch in text:
    if ch in string.ascii_letters:
        counts["letters"] += 1
    elif ch in string.digits:
        counts["digits"] += 1
    elif ch in string.punctuation:
        counts["punct"] += 1
    elif ch in string.whitespace:
        counts["space"] += 1
print(counts)
print(all(c in string.printable for c in text))
print("".join(c for c in text if c not in string.punctuation))
