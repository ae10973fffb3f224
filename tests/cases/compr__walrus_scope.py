data = [3, 8, 1, 9]
vals = [y := v * 2 for v in data]
print(vals, y)
def f():
    total = 0
    sums = [total := total + v for v in data]
    return sums, total
print(f())
print([(last := i) for i in range(3)], last)
matches = [m for s in ["a1", "b", "c22"] if (m := s[1:])]
print(matches, m)
data = [3, 8, 1, 9]
if any((big := x) > 5 for x in data):
    print("first big", big)
def g():
    found = None
    if any((found := w).startswith("b") for w in ["apple", "banana", "cherry"]):
        return found
print(g())
print(sum((acc := v) for v in data), acc)
def h():
    return [list((z := i * j) for j in range(3)) for i in range(2)], z
print(h())
