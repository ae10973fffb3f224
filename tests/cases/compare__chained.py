x = 5
print(1 < x < 10, 1 < x > 10, 1 < 2 < 3 < 4 < 5)
print(x == 5 == 5.0, 1 == 1 != 2, 3 > 2 > 1 > 0)
print(0 <= x <= 4, 10 > x >= 5)
calls = []
def val(n):
    calls.append(n)
    return n
print(val(1) < val(2) < val(3), calls)
calls.clear()
print(val(3) < val(2) < val(1), calls)
a = [1]
b = [1]
print(a == b is not a, a is b is a)
print(1 < 2 in [2, 3], 2 in [2] in [[2]])
