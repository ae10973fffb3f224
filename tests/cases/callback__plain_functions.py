# Functions called back by native code (map, filter, sorted/min/max keys):
# plain functions and closures get their frame straight from the caller's
# arguments; defaults, *args, generators, classes, bound methods and
# builtins take the general call path. Results and errors as CPython's.
def double(x):
    return x * 2

def with_default(x, y=10):
    return x + y

def star(*xs):
    return len(xs)

def gen(x):
    yield x
    yield x + 1

def make_scaler(k):
    def scale(x):
        return x * k
    return scale

class Box:
    def __init__(self, v):
        self.v = v
    def key(self, x):
        return -x * self.v
    def __repr__(self):
        return f"Box({self.v})"

nums = [3, 1, 2]
print(list(map(double, nums)), list(map(with_default, nums)), list(map(star, nums)))
print([list(g) for g in map(gen, nums)])
print(list(map(make_scaler(3), nums)), list(map(Box, nums)))
print(sorted(nums, key=Box(2).key), sorted(nums, key=abs), sorted(["b", "A", "c"], key=str.lower))
print(min(nums, key=make_scaler(-1)), max(nums, key=lambda x: (x % 2, x)))
print(list(filter(make_scaler(0), nums)), list(filter(lambda x: x > 1, nums)))
print(list(map(lambda x, y: x * y, nums, [10, 20, 30])))

def boom(x):
    if x == 2:
        raise ValueError(f"bad {x}")
    return x

for f in (lambda: list(map(boom, nums)), lambda: sorted(nums, key=boom), lambda: max(nums, key=boom)):
    try:
        f()
    except ValueError as e:
        print("ValueError", e)
try:
    list(map(double, nums, nums))
except TypeError as e:
    print("TypeError", e)
try:
    sorted(nums, key=lambda: 0)
except TypeError as e:
    print("TypeError", e)

def deep(n):
    return n if n == 0 else sorted([n], key=lambda v: deep(v - 1))[0]
print(deep(50))
counter = 0
def count(x):
    global counter
    counter += 1
    return x
print(sum(map(count, range(1000))), counter)
