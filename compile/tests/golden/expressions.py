# Constants, arithmetic, comparisons chained and short-circuited, f-strings.
x = 2 ** 10 + 3 * (4 - 1)
y = x if 0 < x <= 2000 else -x
z = not (x and y) or None
s = f"{x!r:>8} and {y}"
t = (1, 2.5, "three", b"four", 5j, ...)
