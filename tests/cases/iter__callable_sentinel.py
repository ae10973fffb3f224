# iter(callable, sentinel): the two-argument form
data = iter([1, 2, 3, 0, 9])
it = iter(lambda: next(data), 0)
print(type(it).__name__, iter(it) is it)
print(list(it), next(it, "done"))
print(list(iter(lambda: [1, 2], [1, 2])))

calls = [0]


def stops():
    calls[0] += 1
    if calls[0] >= 3:
        raise StopIteration
    return calls[0]


print(list(iter(stops, 99)))
src = iter([1, 2, 3, 0])
partial = iter(lambda: next(src), 0)
print(2 in partial, list(partial))


def boom():
    raise ValueError("boom")


for bad in [lambda: iter(5, 0), lambda: iter(), lambda: iter([1], 2, 3), lambda: next(iter(boom, 0))]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
