# Tool calls inside callbacks that native iterators drive, where each
# advance alternates between two iterators (map over zip, map over two
# iterables, filter over map, enumerate of map): the run pauses at every
# tool call and resumes where it was.
pairs = list(map(lambda a, b: add(a, b), [1, 2, 3], [10, 20, 30]))
print(pairs)
print(list(map(lambda p: add(*p), zip(range(3), "abc" and [5, 6, 7]))))
print(list(filter(lambda n: add(n, 0) % 2 == 0, map(lambda n: add(n, 1), range(7)))))
print(list(enumerate(map(lambda k: echo(k) * 2, ["x", "y"]), start=5)))
print(sum(map(lambda n: add(n, n), range(5))), max(map(lambda s: len(echo(s)), ["a", "bbb", "cc"])))
print(dict(zip(["p", "q"], map(echo, [1, 2]))))
total = 0
for a, b in zip(map(lambda n: add(n, 100), range(3)), map(echo, "xyz")):
    total += a
    print(a, b)
print(total)
print(sorted(["bb", "a", "ccc"], key=lambda s: add(len(echo(s)), 0)))
