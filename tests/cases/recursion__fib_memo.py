memo = {}

def fib(n):
    if n in memo:
        return memo[n]
    result = n if n < 2 else fib(n - 1) + fib(n - 2)
    memo[n] = result
    return result

print(fib(10), fib(50), fib(90))
print(len(memo))
def fib_default(n, cache={0: 0, 1: 1}):
    if n not in cache:
        cache[n] = fib_default(n - 1) + fib_default(n - 2)
    return cache[n]
print(fib_default(100))
