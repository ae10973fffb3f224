import math

def r(x):
    return round(x, 12)

for x in [0, 0.5, 1, -1.25, math.pi / 6, math.pi / 3]:
    print(x, r(math.sin(x)), r(math.cos(x)), r(math.tan(x)))
for x in [-1, -0.5, 0, 0.5, 1]:
    print(x, r(math.asin(x)), r(math.acos(x)), r(math.atan(x)))
print(math.atan2(1, 1) == math.pi / 4, math.atan2(0.0, -1.0), math.atan2(-0.0, -1.0))
print(math.atan2(0, 0), math.atan(math.inf))
for x in [0, 0.5, 2, -3]:
    print(x, r(math.sinh(x)), r(math.cosh(x)), r(math.tanh(x)), r(math.asinh(x)))
print(r(math.acosh(1)), r(math.acosh(10)), r(math.atanh(0.5)), r(math.atanh(-0.25)))
print(math.tanh(1000), math.tanh(-math.inf), math.isnan(math.sin(math.nan)))
