import itertools

print(list(itertools.zip_longest('ABCD', 'xy', fillvalue='-')))
print(list(itertools.zip_longest([1, 2], [3], [4, 5, 6])))
print(list(itertools.zip_longest()))
print(list(itertools.zip_longest(range(3))))
print(dict(itertools.zip_longest('abc', [1])))
print(list(itertools.pairwise('ABCDE')))
print(list(itertools.pairwise([1])), list(itertools.pairwise([])))
print([b - a for a, b in itertools.pairwise([1, 4, 9, 16, 25])])
print(list(itertools.batched('ABCDEFG', 3)))
print(list(itertools.batched(range(6), 2)))
print(list(itertools.batched([], 4)))
print(list(itertools.batched(range(5), n=10)))
print(list(itertools.batched('abcd', 2, strict=True)))
b = itertools.batched(itertools.count(), 4)
print(next(b), next(b))
try:
    list(itertools.batched('abcde', 2, strict=True))
except ValueError as e:
    print('ValueError:', e)
for n in (0, -3):
    try:
        itertools.batched('ab', n)
    except ValueError as e:
        print('ValueError:', e)
zl = itertools.zip_longest(iter([1]), iter([2, 3]))
print(next(zl), next(zl), next(zl, 'end'), next(zl, 'end'))
