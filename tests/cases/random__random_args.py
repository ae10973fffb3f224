import random

random.seed(4)
print(random.random())
random.random(1)
