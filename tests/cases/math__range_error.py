import math

print(math.exp(700) > 1e300)
print(math.cosh(711))
