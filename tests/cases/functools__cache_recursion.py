from functools import cache, lru_cache

@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(30), fib(60))

@lru_cache(maxsize=None)
def paths(r, c):
    if r == 0 or c == 0:
        return 1
    return paths(r - 1, c) + paths(r, c - 1)

print(paths(10, 10))

@cache
def edit(a, b):
    if not a:
        return len(b)
    if not b:
        return len(a)
    if a[0] == b[0]:
        return edit(a[1:], b[1:])
    return 1 + min(edit(a[1:], b), edit(a, b[1:]), edit(a[1:], b[1:]))

print(edit('kitten', 'sitting'), edit('flaw', 'lawn'))

@cache
def collatz(n):
    if n == 1:
        return 0
    return 1 + collatz(n // 2 if n % 2 == 0 else 3 * n + 1)

print(max(range(1, 30), key=collatz))

@lru_cache(maxsize=32)
def knap(i, cap):
    weights = (2, 3, 4, 5)
    values = (3, 4, 5, 6)
    if i == len(weights):
        return 0
    best = knap(i + 1, cap)
    if weights[i] <= cap:
        best = max(best, values[i] + knap(i + 1, cap - weights[i]))
    return best

print(knap(0, 5))
memo = cache(lambda s: s[::-1])
print(memo('abc'), memo('abc'))
