import functools

calls = []

@functools.lru_cache(maxsize=2)
def square(n):
    calls.append(n)
    return n * n

print(square(2), square(3), square(2), calls)
print(square(4), calls)  # evicts 3
print(square(2), calls)
print(square(3), calls)  # recomputed
calls.clear()

@functools.lru_cache
def bare(x, y=1):
    calls.append((x, y))
    return x + y

print(bare(1), bare(1), bare(1, 1), bare(1, y=1), bare(y=1, x=1), calls)
calls.clear()

@functools.lru_cache()
def empty_parens(s):
    calls.append(s)
    return s.upper()

print(empty_parens('a'), empty_parens('a'), empty_parens('b'), calls)
calls.clear()

@functools.lru_cache(maxsize=None)
def unbounded(n):
    calls.append(n)
    return n

for i in list(range(5)) * 3:
    unbounded(i)
print(calls)
calls.clear()

@functools.lru_cache(typed=True)
def typed(x):
    calls.append(x)
    return x

typed(1), typed(1.0), typed(True), typed(1)
print(calls)
calls.clear()

@functools.lru_cache(maxsize=0)
def nocache(x):
    calls.append(x)
    return x

nocache(1), nocache(1)
print(calls)
calls.clear()

@functools.lru_cache
def fails(n):
    calls.append(n)
    raise ValueError(n)

for _ in range(2):
    try:
        fails(1)
    except ValueError as e:
        print('ValueError', e)
print(calls)
try:
    bare([1])
except TypeError as e:
    print('TypeError:', e)
