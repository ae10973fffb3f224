def permutations(items):
    if len(items) <= 1:
        return [items[:]]
    result = []
    for i, item in enumerate(items):
        rest = items[:i] + items[i + 1:]
        for perm in permutations(rest):
            result.append([item] + perm)
    return result

print(permutations([1, 2, 3]))
print(len(permutations(list("abcde"))))
def subsets(s):
    if not s:
        return [[]]
    tail = subsets(s[1:])
    return tail + [[s[0]] + t for t in tail]
print(subsets([1, 2, 3]))
