import itertools

print(list(itertools.permutations('ABC')))
print(list(itertools.permutations(range(4), 2)))
print(list(itertools.permutations([1, 2], 3)), list(itertools.permutations([], 0)))
print(len(list(itertools.permutations(range(6)))))
print(list(itertools.combinations('ABCD', 2)))
print(list(itertools.combinations(range(5), 3)))
print(list(itertools.combinations([1, 2], 0)), list(itertools.combinations([1], 2)))
print(list(itertools.combinations_with_replacement('ABC', 2)))
print(list(itertools.combinations_with_replacement([1, 2], 3)))
print(list(itertools.combinations_with_replacement([], 0)), list(itertools.combinations_with_replacement([], 2)))
print(len(list(itertools.combinations(range(20), 4))))
print(len(list(itertools.combinations_with_replacement(range(6), 3))))
perms = [''.join(p) for p in itertools.permutations('aab')]
print(perms, sorted(set(perms)))
# subsets summing to a target
nums = [3, 34, 4, 12, 5, 2]
print([c for r in range(len(nums) + 1) for c in itertools.combinations(nums, r) if sum(c) == 9])
c = itertools.combinations(range(4), 2)
print(next(c), next(c), list(c), list(c))
print(list(itertools.permutations(range(3), r=None)))
for f, args in [(itertools.combinations, ([1], -1)), (itertools.permutations, ([1], -2)), (itertools.combinations, ([1], 'r')), (itertools.permutations, ([1], 2.0))]:
    try:
        f(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
