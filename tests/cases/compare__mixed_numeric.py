print(1 == 1.0, True == 1, False == 0.0)
print(0.1 + 0.2 == 0.3, 0.1 + 0.2 > 0.3)
big = 2 ** 53 + 1
print(big == float(big), big > float(big), big - 1 == float(big - 1))
print(10 ** 20 == 1e20, 10 ** 23 == 1e23)
print(1 < 1.0000001, -1 > -1.5, 3 <= 3.0)
print(float("inf") > 10 ** 400, -float("inf") < -(10 ** 400))
print(2 ** 1000 > 1e300, 2 ** 1100 > 1e308)
print(float("nan") == 0, float("nan") < 10 ** 30)
