# Lists holding ints either side of 2**47 (and other values) through every
# list operation: what a list stores never changes what it gives back.
import math

big, small = 2**47, 2**47 - 1
xs = [small, -small - 1, 1.5, None, True, "s", len, int, ValueError]
print(xs)
xs.append(big)
print(xs[-1], xs[0], len(xs))
xs[0] = -big - 1
print(xs[:3], xs[::-1][:3], xs[1::3])
ys = xs * 2
print(len(ys), ys[10], ys[-1])
ys += [2**63, 10**20]
print(ys[-3:])
xs.insert(0, 2**62)
print(xs.pop(0), xs.pop(), xs.index(1.5), xs.count(None))
xs.remove(None)
del xs[0]
print(xs)
xs.reverse()
print(xs)
nums = [3 * 2**46, -(2**50), 7, 2**47, -1, 0, 2**47 - 1]
nums.sort()
print(nums)
print(sorted(nums, reverse=True), min(nums), max(nums), sum(nums))
nums[2:4] = [2**60, 2**61, 2**62]
print(nums)
del nums[::2]
print(nums)
nums.clear()
nums.extend(range(3))
print(nums)

# A float whose bits look like a tagged value stays that float.
odd_nan = float("nan")
fs = [0.1, -0.0, math.inf, -math.inf, odd_nan]
print(fs, [math.copysign(1, f) for f in fs[:2]])

# Equality, membership and comparison across the two forms.
a = [1, 2, 2**50]
b = [1, 2]
b.append(2**50)
print(a == b, 2**50 in a, a < [1, 2, 2**51], [1, 2] < a)

# Unpacking, zip, enumerate, reversed, join
p, q, r = a
print(p, q, r, list(zip(a, reversed(a))), list(enumerate(a)))
print(",".join([str(v) for v in a]))

# A list of a million Nones and of a million big ints.
many = [None] * 1_000_000
many[500_000] = 2**50
print(len(many), many.count(None), many[500_000])
