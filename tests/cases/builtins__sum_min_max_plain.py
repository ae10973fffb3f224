# sum, min and max of lists and tuples of plain numbers (one pass over the
# items) against the shapes that take the general path: overflow into big
# ints, floats needing compensation, NaN, mixes, bools, empties, keys.
big = 2**62
print(sum([1, 2, 3]), sum((4, 5)), sum([1, 2], 10), sum([big, big, big]), sum([-big, -big, -big, -big]))
print(sum([0.1] * 10), sum([1e100, 1.0, -1e100]), sum([0.1, 0.2, 0.3], 1), sum([0.5, 0.25], 0.125))
print(sum([1.5, 2]), sum([1, 2.5]), sum([True, True, 3]), sum([], 7), sum([], 0.5), sum([2**70, 1]))
print(sum([float("inf"), 1.0]), sum([float("inf"), float("-inf")]), sum([1e308, 1e308]))
print(sum([1.0, 2.0], 2**60), sum([0.1, 0.7], True))
nan = float("nan")
print(max([3, 1, 2]), min((3, 1, 2)), max([1.5, -2.5]), min([1.5, -2.5]), max([2, 2.5]), min([True, 0]))
print(max([nan, 1.0, 2.0]), max([1.0, nan, 2.0]), min([2.0, nan, 1.0]), min([0.0, -0.0]), max([-0.0, 0.0]))
print(max([-big * 2, big * 2]), min([5]), max((7,)), max(3, 9, 4), min(3.5, 1.5))
print(max([1, 5, 3], key=lambda v: -v), max([], default="none"), min((), default=None))
try:
    max([])
except ValueError as e:
    print("ValueError", e)
try:
    sum(["a", "b"])
except TypeError as e:
    print("TypeError", e)
try:
    min([1, "a"])
except TypeError as e:
    print("TypeError", e)
xs = list(range(100000))
fs = [x * 0.1 for x in xs]
print(sum(xs), max(xs), min(xs), sum(fs), max(fs), min(fs))
