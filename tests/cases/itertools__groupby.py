import itertools

print([(k, list(g)) for k, g in itertools.groupby('AAAABBBCCDAABBB')])
print([k for k, _ in itertools.groupby('AAAABBBCCD')])
words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry', 'apricot']
for letter, group in itertools.groupby(sorted(words), key=lambda w: w[0]):
    print(letter, list(group))
data = [('a', 1), ('a', 2), ('b', 3), ('a', 4)]
print({k: [v for _, v in g] for k, g in itertools.groupby(data, lambda p: p[0])})
print([(k, len(list(g))) for k, g in itertools.groupby([1, 1, 2, 2, 2, 3, 1])])
print([(k, list(g)) for k, g in itertools.groupby(range(10), lambda n: n // 3)])
print(list(itertools.groupby([])))
# groups share the parent's position
g = itertools.groupby('aabbc')
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, list(g1), k2, list(g2))
kept = [(k, grp) for k, grp in itertools.groupby('xxyyz')]
print([(k, list(grp)) for k, grp in kept])
g = itertools.groupby([1, 1, 1, 2])
k, grp = next(g)
print(k, next(grp))
print(next(g)[0], list(grp))
# run-length encoding
def rle(s):
    return ''.join(f'{len(list(g))}{k}' for k, g in itertools.groupby(s))
print(rle('WWWWBBBWWCCCCCD'))
print([k for k, g in itertools.groupby([1, 1.0, True, 2, 2.0])])
src = iter([1, 1, 2, 3])
g = itertools.groupby(src)
k, grp = next(g)
print(list(grp), list(src))
