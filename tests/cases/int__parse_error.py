def parse_all(items):
    out = []
    for item in items:
        out.append(int(item))
    return out

print(parse_all(["1", " 2", "3 "]))
print(parse_all(["10", "-20"]))
print(parse_all(["4", "abc", "5"]))
