import math

print(math.log(1), math.log(math.e), math.log(100, 10), math.log(8, 2))
print(math.log2(1024), math.log2(2**1000), math.log10(1000), math.log10(10**300))
print(math.log(10**400), math.log(10**400, 10), math.log2(2**1100), math.log10(2**1100 - 1))
print(math.log(2**70), math.log2(3**700), math.log(7**500))
print(math.exp(0), math.exp(1) == math.e, math.exp(-1000), math.exp(710 - 1000))
print(math.exp2(10), math.exp2(-1), math.expm1(0.0), math.expm1(1e-10))
print(math.log1p(0), math.log1p(1e-10), math.log1p(math.e - 1) == 1.0)
print(math.pow(2, 10), math.pow(2.0, -2), math.pow(9, 0.5), math.pow(0, 0))
print(math.pow(float('nan'), 0), math.pow(1, float('nan')), math.pow(-8, 3))
for f in (math.log, math.log2, math.log10):
    print(f.__name__, round(f(12345.678), 12))
