def outer(values):
    return middle(values) * 2

def middle(values):
    total = 0
    for v in values:
        total += inner(v)
    return total

def inner(v):
    return 10 / v

print(outer([1, 2, 5]))
print(outer([3, 0]))
