import math

for x in [3.5, -1.0, 0.0, -0.0, 5e-324, 1e308, 0.1]:
    print(x, math.frexp(x), math.modf(x))
print(math.modf(math.inf), math.modf(-math.inf), math.frexp(math.inf))
print(math.ldexp(0.875, 2), math.ldexp(1, -1074), math.ldexp(1, -1075), math.ldexp(5e-324, 1075))
print(math.ldexp(0.5, 1024), math.ldexp(3, 0), math.ldexp(-0.0, 100), math.ldexp(1.0, -2**70))
print(math.fmod(10, 3), math.fmod(-10, 3), math.fmod(10.5, -3), math.fmod(3, math.inf))
print(math.remainder(10, 3), math.remainder(10, 4), math.remainder(-10, 4), math.remainder(10.5, 3))
print(math.remainder(5, 2), math.remainder(7, 2), math.remainder(3, math.inf))
print(math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.nextafter(0.0, -1.0))
print(math.nextafter(1.0, 2.0, steps=3), math.nextafter(2.0, 2.0))
print(math.ulp(1.0), math.ulp(0.0), math.ulp(1e300), math.ulp(-2.0))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isclose(1, 1.05, rel_tol=0.1))
print(math.isclose(0.0, 1e-12), math.isclose(0.0, 1e-12, abs_tol=1e-9), math.isclose(math.inf, math.inf))
