def a(n):
    return b(n + 1)

def b(n):
    return c(n * 2)

def c(n):
    if n > 5:
        raise OverflowError(f"value too large: {n}")
    return n

print(a(1))
print(a(3))
