# Tools called through map, filter, functools and itertools.
import functools
import itertools

keys = ["alpha", "beta", "gamma"]

print(list(map(echo, keys)))
print(list(map(lambda k: search(k, 1)[0], keys)))
print(list(filter(lambda k: len(echo(k)) > 4, keys)))
print(functools.reduce(lambda total, n: add(total, n), [1, 2, 3, 4], 10))
print(functools.reduce(add, [5, 6]))

plus_ten = functools.partial(add, 10)
print(plus_ten(5), list(map(plus_ten, [1, 2])))

@functools.lru_cache(maxsize=None)
def profile(user_id):
    return fetch_user(user_id)["name"]

print([profile(i) for i in (1, 2, 1)], profile.cache_info().hits)

print(list(itertools.starmap(add, [(1, 2), (3, 4)])))
print(list(itertools.accumulate([1, 2, 3], lambda a, b: add(a, b))))

def names():
    for k in keys:
        yield echo(k).upper()

print(list(itertools.chain.from_iterable([names(), ["delta"]])))
print(list(zip(names(), [1, 2, 3])))
print(list(enumerate(map(echo, keys), start=1)))
print(any(map(lambda k: echo(k) == "beta", keys)), all(map(echo, keys)))
print(", ".join(map(echo, keys)))
print(sum(map(lambda n: add(n, 1), range(4))))
print({k: v for k, v in zip(keys, map(len, map(echo, keys)))})

# a for loop over a map of a tool
for size in map(lambda k: len(echo(k)), keys):
    print("size", size)
