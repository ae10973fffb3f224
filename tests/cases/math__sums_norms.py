import math

print(sum([0.1] * 10), math.fsum([0.1] * 10))
print(math.fsum([1e100, 1.0, -1e100]), math.fsum([]), math.fsum(range(1, 101)))
print(math.fsum([1e16, 1.0, 1e-16]), math.fsum([2.0**53, -0.5, -(2.0**-54)]))
print(math.fsum(x / 10 for x in range(1, 11)))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod(range(1, 21)), math.prod([2.5, 4]))
print(math.prod([2, 3], start=10), math.prod(['ab'], start=3), math.prod([2**40, 2**40]))
print(math.sumprod([1, 2, 3], [4, 5, 6]), math.sumprod([0.1, 0.2], [10, 10]), math.sumprod([], []))
print(math.sumprod([1e100, 1.0, -1e100], [1.0, 1.0, 1.0]), math.sumprod([2**70, 1], [3, 4]))
print(math.hypot(3, 4), math.hypot(), math.hypot(-5), math.hypot(1, 2, 2), math.hypot(1e200, 1e200))
print(math.hypot(5e-324, 5e-324), math.hypot(math.inf, math.nan), math.hypot(0.1, 0.2))
print(math.dist((0, 0), (3, 4)), math.dist([1, 1, 1], [2, 2, 2]), math.dist([], []))
print(math.fma(2, 3, 4), math.fma(0.1, 10, -1))
