def slow_square(n):
    return n * n

results = [y for x in range(6) if (y := slow_square(x)) % 2 == 0]
print(results, y)
def scan(items):
    found = [s for s in items if (stripped := s.strip())]
    return found, stripped
print(scan(["  a ", "", " b"]))
print(any([(hit := w) == "x" for w in "abxd"]), hit)
