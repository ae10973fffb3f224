import random

random.seed(11)
print(random.sample(range(100), 5))
print(random.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 8))
print(random.sample(range(1000), 30))
print(random.sample('abcdefgh', k=3))
print(random.sample(('x', 'y'), 2), random.sample([], 0))
print(random.sample(['red', 'blue'], counts=[4, 2], k=5))
print(random.sample(range(10**12), 4))
print(sorted(random.sample(range(50), 50)) == list(range(50)))
