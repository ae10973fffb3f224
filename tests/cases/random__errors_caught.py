import random

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: random.randrange(0))
attempt(lambda: random.randrange(0, 10, 0))
attempt(lambda: random.randrange(10, 0, 2))
attempt(lambda: random.randrange(1.5))
attempt(lambda: random.randrange(10, None, 2))
attempt(lambda: random.choice([]))
attempt(lambda: random.choice(5))
attempt(lambda: random.sample({1, 2}, 1))
attempt(lambda: random.sample([1, 2], 3))
attempt(lambda: random.sample([1, 2], counts=[1], k=1))
attempt(lambda: random.choices([1, 2], weights=[1, 1], cum_weights=[1, 2]))
attempt(lambda: random.choices([1, 2], weights=[1]))
attempt(lambda: random.choices([1, 2], weights=[0, 0]))
attempt(lambda: random.choices([1, 2], 5))
attempt(lambda: random.gammavariate(0, 1))
attempt(lambda: random.binomialvariate(-1))
attempt(lambda: random.binomialvariate(5, 2))
attempt(lambda: random.shuffle((1, 2, 3)))
attempt(lambda: random.seed([1]))
attempt(lambda: random.setstate((1, (), None)))
attempt(lambda: random.setstate((3, (1, 2), None)))
attempt(lambda: random.randint(1))
attempt(lambda: random.gauss(1, 2, 3))
attempt(lambda: random.getrandbits(k=1))
attempt(lambda: random.getrandbits(1.5))
