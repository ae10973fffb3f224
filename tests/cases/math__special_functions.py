import math

def r(x):
    return float(f'{x:.11g}')

for x in [0, 0.1, 0.5, 1, 1.5, 2, 3, 4.5, 6, -0.3, -2]:
    print(x, r(math.erf(x)), r(math.erfc(x)))
print(math.erf(math.inf), math.erf(-math.inf), math.erfc(math.inf), math.erfc(-math.inf))
for n in range(1, 12):
    print(n, math.gamma(n), r(math.lgamma(n)))
for x in [0.5, 1.5, 2.5, 10.5, -0.5, -1.5, 0.001, 100.25]:
    print(x, r(math.gamma(x)), r(math.lgamma(x)))
print(math.gamma(math.inf), math.lgamma(math.inf), math.lgamma(-math.inf))
print(r(math.gamma(0.5) ** 2), r(math.pi))
