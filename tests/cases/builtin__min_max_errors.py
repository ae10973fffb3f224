checks = [
    lambda: min([]),
    lambda: max(()),
    lambda: max(1),
    lambda: min(),
    lambda: max([1, "a"]),
    lambda: max([], default=None),
    lambda: min("", default="empty"),
]
for c in checks:
    try:
        print(repr(c()))
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
