def make_label(prefix, n):
    return f"{prefix}-{n:03d}"

print(make_label("a", 1))
make_label("item", 42)
