def digits(n):
    return [n] if n < 10 else digits(n // 10) + [n % 10]

print(digits(7))
digits(2 ** 64)
