def countdown(n):
    if n == 0:
        raise ValueError("reached zero")
    return countdown(n - 1)

countdown(8)
