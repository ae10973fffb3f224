cases = [
    lambda: [a for a, b in [iter((1, 2, 3))]],
    lambda: [a for a, b, c in [(1, 2)]],
    lambda: [a for a, *b, c in [(1,)]],
    lambda: [a for a, b in [5]],
    lambda: [a for a, b in ["xyz"]],
    lambda: [a for a, b in [{}]],
]
for case in cases:
    try:
        case()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
