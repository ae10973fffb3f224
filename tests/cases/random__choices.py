import random

random.seed(3)
print(random.choices([1, 2, 3], k=6))
print(random.choices('abc', weights=[1, 2, 3], k=8))
print(random.choices([1, 2, 3], cum_weights=[1.0, 1.5, 4.0], k=5))
print(random.choices(['a', 'b'], [0, 1], k=3))
print(random.choices([1, 2], k=0), random.choices([1, 2], k=-2))
print(random.choices(range(10)), len(random.choices('xy', k=100)))
print(random.choices([1, 2, 3], weights=[0.5, 0.25, 0.25], k=4))
