import random

random.seed(99)
print([random.randrange(10) for _ in range(10)])
print([random.randrange(5, 10) for _ in range(10)])
print([random.randrange(0, 100, 7) for _ in range(10)])
print([random.randrange(10, 0, -3) for _ in range(10)])
print([random.randint(1, 6) for _ in range(12)])
print(random.randint(-10**30, 10**30))
print(random.randrange(2**100), random.randrange(-5, 5, 1), random.randrange(1, stop=3))
print(random.randint(0, 0), random.randrange(1))
