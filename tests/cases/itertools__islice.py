import itertools

s = 'ABCDEFG'
print(list(itertools.islice(s, 2)))
print(list(itertools.islice(s, 2, 4)))
print(list(itertools.islice(s, 2, None)))
print(list(itertools.islice(s, 0, None, 2)))
print(list(itertools.islice(s, None)))
print(list(itertools.islice(s, None, None, 3)))
print(list(itertools.islice(s, 10)))
print(list(itertools.islice(s, 5, 3)))
print(list(itertools.islice(itertools.count(), 3, 20, 4)))
it = iter(range(10))
print(list(itertools.islice(it, 3)), list(itertools.islice(it, 3)), next(it))
squares = (n * n for n in itertools.count(1))
print(list(itertools.islice(squares, 5)))
print(list(itertools.islice(itertools.cycle('ab'), 1, 6)))
for bad in [(-1,), (1, -1), (0, 1, 0), ('a',), (0, 'x'), (0, 5, -1), (1.5,)]:
    try:
        itertools.islice(s, *bad)
    except ValueError as e:
        print(bad, 'ValueError:', e)
try:
    itertools.islice(s)
except TypeError as e:
    print('TypeError:', e)
