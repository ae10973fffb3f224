import itertools

print(list(itertools.starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(itertools.starmap(lambda *a: sum(a), [(1,), (1, 2), (), (1, 2, 3)])))
print(list(itertools.starmap(max, ['ab', [3, 9, 4]])))
print(list(itertools.starmap(divmod, zip(range(10, 15), itertools.repeat(3)))))

log = []
def gen(name, n):
    for i in range(n):
        log.append(f'{name}{i}')
        yield i

ch = itertools.chain(gen('a', 2), gen('b', 2))
print(log)
print(next(ch), log)
print(list(ch), log)
log.clear()
sl = itertools.islice(gen('c', 100), 2)
print(list(sl), log)
log.clear()
pw = itertools.pairwise(gen('d', 3))
print(next(pw), log)
log.clear()
inf = itertools.takewhile(lambda x: x < 3, itertools.count())
print(list(inf))
nested = itertools.islice(itertools.cycle(itertools.chain('ab', itertools.repeat('c', 2))), 9)
print(''.join(nested))
it = itertools.chain([1], [2])
print(iter(it) is it)
fib = itertools.accumulate(itertools.repeat(None), lambda ab, _: (ab[1], ab[0] + ab[1]), initial=(0, 1))
print([a for a, _ in itertools.islice(fib, 10)])
