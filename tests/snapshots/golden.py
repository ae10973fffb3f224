# The program behind the golden snapshot (saved at its 2nd host call: since
# format 5, inside the key function that `sorted` calls; since format 13
# the loop's print holds a `+` chain, `AddTemp`; since format 14 the state
# holds library data: a deque, an `itertools.count`, a seeded `random`;
# since format 15 the pause is inside the arguments of a method looked up
# before them, `LoadMethod`, and `super().add` is `LoadSuperMethod`).
import itertools
import random
from collections import deque

random.seed(7)
ids = itertools.count(1)
recent = deque([(next(ids), "start")], maxlen=2)
class Counter:
    def __init__(self):
        self.seen = {}

    def add(self, key, n):
        self.seen[key] = self.seen.get(key, 0) + n

class Rounded(Counter):
    def add(self, key, n):
        super().add(key, round(n, 1))

c = Rounded()
def gen(cities):
    for city in cities:
        yield city, get_weather(city)["celsius"]
by_temp = []
by_temp.extend(sorted(["Paris", "Lima", "Oslo"], key=lambda city: get_weather(city)["celsius"]))
for city, t in gen(by_temp):
    c.add("sum", add(t, 0.5))
    print(city, t, "at " + str(t) + "C" + "!")
    recent.append((next(ids), city))
print(sorted(c.seen.items()), [x * 2 for x in range(3)])
print(list(recent), next(ids), random.randint(1, 1000))
