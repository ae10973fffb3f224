import functools

@functools.cache
def total(items):
    return sum(items)

print(total((1, 2, 3)))
print(total([1, 2, 3]))
