import random

random.seed(7)
print([random.choice('abcdef') for _ in range(8)])
print(random.choice([10, 20, 30]), random.choice((1.5, 2.5)), random.choice(range(1000)))
x = list(range(20))
random.shuffle(x)
print(x)
words = ['red', 'green', 'blue', 'cyan', 'magenta']
random.shuffle(words)
print(words)
one = [1]
random.shuffle(one)
print(one, random.shuffle([]))
