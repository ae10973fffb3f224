import itertools

print(list(itertools.chain([1, 2], (3,), 'ab', range(2))))
print(list(itertools.chain()))
print(list(itertools.compress('ABCDEF', [1, 0, 1, 0, 1, 1])))
print(list(itertools.compress(range(10), itertools.cycle([True, False, False]))))
print(list(itertools.dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(itertools.takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(itertools.filterfalse(lambda x: x % 2, range(10))))
print(list(itertools.filterfalse(None, [0, 1, '', 'a', None, [], [0]])))
print(list(itertools.takewhile(lambda c: c.isdigit(), '123abc456')))
print(''.join(itertools.dropwhile(lambda c: c.isspace(), '   indented')))
calls = []
def pred(x):
    calls.append(x)
    return x < 3
tw = itertools.takewhile(pred, [1, 2, 3, 4])
print(list(tw), calls, list(tw), calls)
dw = itertools.dropwhile(pred, [1, 5, 1, 5])
calls.clear()
print(list(dw), calls)
evens = itertools.filterfalse(lambda n: n % 2, itertools.count())
print([next(evens) for _ in range(5)])
print(list(itertools.takewhile(lambda p: p[0] < 3, enumerate('abcdef'))))
