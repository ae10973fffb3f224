import itertools

a, b = itertools.tee([1, 2, 3])
print(list(a), list(b))
a, b, c = itertools.tee('xyz', 3)
print(next(a), next(a), next(b), list(c), list(a), list(b))
print(itertools.tee([1], 0), len(itertools.tee([1], 4)))
reads = []
def source():
    for i in range(4):
        reads.append(i)
        yield i
x, y = itertools.tee(source())
print(next(x), reads)
print(next(y), reads)
print(list(x), reads, list(y))
# the pairwise recipe
def pairs(it):
    a, b = itertools.tee(it)
    next(b, None)
    return zip(a, b)
print(list(pairs(range(5))))
p, q = itertools.tee(itertools.count())
print(list(itertools.islice(p, 3)), list(itertools.islice(q, 5)), next(p))
big1, big2 = itertools.tee(range(200))
print(sum(big1), sum(big2))
t1, t2 = itertools.tee([1, 2, 3])
next(t1)
u1, u2 = itertools.tee(t1)
print(list(u1), list(u2), list(t2))
try:
    itertools.tee([1], -1)
except ValueError as e:
    print('ValueError:', e)
