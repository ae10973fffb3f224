import random

r = random.Random(7)
print(r.random(), r.randint(1, 100), r.choice('xyz'), r.sample(range(10), 3))
print(isinstance(r, random.Random), isinstance(5, random.Random), r.VERSION)
print(random.Random(x=5).random() == random.Random(5).random())
random.seed(7)
print(random.random())
a, b = random.Random('same'), random.Random('same')
print([a.random() for _ in range(3)] == [b.random() for _ in range(3)])
random.seed(1)
x = random.random()
other = random.Random(99)
other.shuffle([1, 2, 3])
random.seed(1)
print(random.random() == x)
r2 = random.Random(2024)
state = r2.getstate()
first = [r2.randrange(1000) for _ in range(5)]
r2.setstate(state)
print(first, first == [r2.randrange(1000) for _ in range(5)])
r2.seed(3)
print(r2.random() == random.Random(3).random(), round(r2.gauss(10, 2), 9))
try:
    r2.foo
except AttributeError as e:
    print(e)
