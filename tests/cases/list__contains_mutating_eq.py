# `x in list` reads the list again at every step: an `__eq__` that changes
# the list changes what the rest of the scan sees, as in CPython.
items = []


class Shrinker:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        print("compare", self.name, "with", other)
        if items:
            items.pop()
        return False


items.extend([Shrinker("a"), Shrinker("b"), Shrinker("c"), Shrinker("d")])
print("target" in items, len(items))


class Grower:
    seen = 0

    def __eq__(self, other):
        Grower.seen += 1
        if Grower.seen < 5:
            more.append(Grower())
        return other == "stop" and Grower.seen >= 5


more = [Grower()]
print("stop" in more, len(more), Grower.seen)
print(3 in [1, 2, 3], 4 in (1, 2, 3), "x" in ["x"], 2.0 in [1, 2], None in [0, False])
