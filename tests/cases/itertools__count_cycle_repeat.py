import itertools

c = itertools.count()
print([next(c) for _ in range(5)])
print(list(zip(itertools.count(10, 5), 'abc')))
print(list(zip(itertools.count(1.5, 0.25), range(4))))
print(list(zip(itertools.count(2**62, 2**62), range(3))))
print(list(zip(itertools.count(5, -2), range(4))))
print(list(zip(itertools.count(start=3, step=3), 'xy')))
print(list(zip(itertools.count(True), range(2))))

cy = itertools.cycle('ABC')
print(''.join(next(cy) for _ in range(8)))
print(list(itertools.cycle([])))
src = iter([1, 2])
cy2 = itertools.cycle(src)
print(next(cy2), list(src), [next(cy2) for _ in range(4)])

print(list(itertools.repeat('x', 3)))
print(list(itertools.repeat(None, 0)), list(itertools.repeat(1, -4)))
print(list(map(pow, range(5), itertools.repeat(2))))
r = itertools.repeat([0], 2)
a, b = r
print(a is b, next(r, 'done'))
print(sum(itertools.repeat(7, 100)))
print(3 in itertools.repeat(3, 1), 4 in itertools.repeat(3, 5))
for i, v in zip(itertools.count(), itertools.repeat('v', 3)):
    print(i, v)
