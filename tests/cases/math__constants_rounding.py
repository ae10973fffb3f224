import math

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
print(math.isnan(math.nan), math.isinf(math.inf), math.isfinite(1e308))
for x in [2.5, -2.5, 3.0, -0.5, 0.0, 1e18, 7, -7, True, 2**70]:
    print(x, math.floor(x), math.ceil(x), math.trunc(x))
print(type(math.floor(2.5)).__name__, type(math.ceil(2**70)).__name__)
print(math.floor(1e300) == int(1e300), math.ceil(-1e20))
print(math.sqrt(16), math.sqrt(2), math.sqrt(0.0), math.sqrt(2**70), math.sqrt(10**100))
print(math.fabs(-3), math.fabs(-2.5), math.copysign(3, -0.0), math.copysign(-2.0, 5))
print(round(math.cbrt(27), 12), round(math.cbrt(-8.0), 12), math.cbrt(0.0))
print(math.degrees(math.pi), math.radians(180), math.degrees(1))
