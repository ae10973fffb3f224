import random

def r(x):
    return round(x, 9)

random.seed(12345)
print(r(random.uniform(1, 10)), r(random.uniform(-2.5, 2.5)))
print(r(random.triangular()), r(random.triangular(0, 10, 3)), random.triangular(5, 5))
print(r(random.normalvariate()), r(random.normalvariate(10, 2)))
print(r(random.gauss()), r(random.gauss()), r(random.gauss(1, 3)), random.gauss(mu=1, sigma=0))
print(r(random.lognormvariate(0, 1)), r(random.expovariate()), r(random.expovariate(2.5)))
print(r(random.vonmisesvariate(0, 0)), r(random.vonmisesvariate(1, 4)))
print(r(random.gammavariate(2, 3)), r(random.gammavariate(1, 2)), r(random.gammavariate(0.5, 1)))
print(r(random.betavariate(2, 3)), r(random.paretovariate(2)), r(random.weibullvariate(1, 1.5)))
print([r(random.random()) for _ in range(3)])
