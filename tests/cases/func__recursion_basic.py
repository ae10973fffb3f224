def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

print([fact(i) for i in range(8)])
print([fib(i) for i in range(15)])
print(fact(25))
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)
print(gcd(1071, 462), gcd(17, 5))
def sum_digits(n):
    return n if n < 10 else n % 10 + sum_digits(n // 10)
print(sum_digits(2 ** 100))
