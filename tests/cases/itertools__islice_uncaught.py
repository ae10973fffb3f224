import itertools

print(list(itertools.islice(range(10), 1, 8, 3)))
itertools.islice(range(10), -2)
