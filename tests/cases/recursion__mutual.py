def is_even(n):
    return True if n == 0 else is_odd(n - 1)

def is_odd(n):
    return False if n == 0 else is_even(n - 1)

print([is_even(n) for n in range(6)])
print(is_odd(99), is_even(200))
