import random

random.seed(2024)
for k in [0, 1, 5, 31, 32, 33, 63, 64, 65, 100, 128, 200]:
    print(k, random.getrandbits(k))
random.seed(1)
print([random.getrandbits(3) for _ in range(10)])
print(random.getrandbits(True))
