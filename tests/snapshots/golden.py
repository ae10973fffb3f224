# The program behind the golden snapshot (saved at its 2nd host call).
class Counter:
    def __init__(self):
        self.seen = {}

    def add(self, key, n):
        self.seen[key] = self.seen.get(key, 0) + n

c = Counter()
def gen(cities):
    for city in cities:
        yield city, get_weather(city)["celsius"]
for city, t in gen(["Paris", "Lima", "Oslo"]):
    c.add("sum", add(t, 0.5))
    print(city, t)
print(sorted(c.seen.items()), [x * 2 for x in range(3)])
