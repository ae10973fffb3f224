# sum() binds its arguments as Argument Clinic does.
tests = [
    lambda: sum(),
    lambda: sum(iterable=[1]),
    lambda: sum([1], 1, 1),
    lambda: sum([1], bogus=1),
    lambda: sum([1], start=2, bogus=1),
    lambda: sum([1], 2, start=3),
    lambda: sum([1, 2], start=10),
    lambda: sum([[1], [2]], []),
    lambda: sum(start=1),
]
for t in tests:
    try:
        print(t())
    except TypeError as exc:
        print('TypeError:', exc)
