# Tools called from key functions and comparisons that builtins run.
import functools
import heapq
import bisect
import itertools

cities = ["Paris", "Oslo", "Lima"]

def temperature(city):
    return get_weather(city)["celsius"]

print(sorted(cities, key=temperature))
print(sorted(cities, key=lambda c: get_weather(c)["celsius"], reverse=True))
print(min(cities, key=temperature), max(cities, key=temperature))
print(max([], key=temperature, default="none"))

ordered = list(cities)
ordered.sort(key=lambda c: len(echo(c)))
print(ordered)

# the tool itself as the key
print(sorted(["b", "a", "c"], key=echo))

# a comparison function that asks the host
def compare(a, b):
    return add(a, -b)

print(sorted([3, 1, 2], key=functools.cmp_to_key(compare)))

print(heapq.nsmallest(2, cities, key=temperature))
print(heapq.nlargest(1, cities, key=temperature))
print(bisect.bisect_left([1, 5, 9], 6, key=lambda v: add(v, 0)))

for key, group in itertools.groupby(["a1", "a2", "b1"], key=lambda s: echo(s[0])):
    print(key, list(group))

by_temp = dict(sorted({c: temperature(c) for c in cities}.items(), key=lambda kv: echo(kv[1])))
print(by_temp)
