s = "café 'q'"
print(f"{s}|{s!s}|{s!r}|{s!a}")
n = 42
print(f"{n!r} {n!s} {n!a}")
items = ["é", "x"]
print(f"{items!a} {items!r}")
print(f"{None!r} {3.5!r} {'日本'!a}")
print(f"{'x'!r:>6}|{'y'!s:<4}|")
