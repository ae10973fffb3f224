import functools

def cmp(a, b):
    return (a > b) - (a < b)

def by_len_then_alpha(a, b):
    if len(a) != len(b):
        return len(a) - len(b)
    return cmp(a, b)

words = ['pear', 'fig', 'apple', 'kiwi', 'date']
print(sorted(words, key=functools.cmp_to_key(by_len_then_alpha)))
print(sorted(words, key=functools.cmp_to_key(by_len_then_alpha), reverse=True))
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
nums = [3, 30, 34, 5, 9]
order = sorted(map(str, nums), key=functools.cmp_to_key(lambda a, b: cmp(b + a, a + b)))
print(''.join(order))
K = functools.cmp_to_key(cmp)
print(K(1) < K(2), K(2) < K(1), K(1) == K(1), K(3) >= K(2), K(1) <= K(0), K(5) > K(4))
print(min(['bb', 'a', 'ccc'], key=functools.cmp_to_key(by_len_then_alpha)))
print(max(['bb', 'a', 'ccc'], key=functools.cmp_to_key(by_len_then_alpha)))
pts = [(1, 2), (0, 5), (1, 1)]
pts.sort(key=functools.cmp_to_key(lambda p, q: p[0] - q[0] or q[1] - p[1]))
print(pts)
print(K(7).obj)
try:
    hash(K(1))
except TypeError as e:
    print('TypeError')
