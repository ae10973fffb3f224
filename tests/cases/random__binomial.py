import random

random.seed(8)
print([random.binomialvariate() for _ in range(10)])
print([random.binomialvariate(5, 0.3) for _ in range(10)])
print([random.binomialvariate(100, 0.4) for _ in range(5)])
print([random.binomialvariate(1000, 0.9) for _ in range(5)])
print(random.binomialvariate(5, 0), random.binomialvariate(5, 1), random.binomialvariate(0, 0.5))
print(random.binomialvariate(n=20, p=0.25))
