def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)

print(factorial(0), factorial(1), factorial(10))
print(factorial(50))
print(len(str(factorial(100))))
