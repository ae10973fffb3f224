# Tools called from special methods that builtin code invokes.

class Station:
    def __init__(self, city):
        self.city = echo(city)

    def __str__(self):
        return echo("Station " + self.city)

    def __repr__(self):
        return echo(f"Station({self.city!r})")

    def __format__(self, spec):
        return format(echo(self.city), spec)

    def __eq__(self, other):
        return isinstance(other, Station) and echo(self.city) == other.city

    def __hash__(self):
        return hash(echo(self.city))

    def __lt__(self, other):
        return get_weather(self.city)["celsius"] < get_weather(other.city)["celsius"]

    def __len__(self):
        return len(echo(self.city))

    def __bool__(self):
        return echo(self.city != "Nowhere")

    def __contains__(self, word):
        return echo(word) in self.city

    @property
    def sky(self):
        return get_weather(self.city)["sky"]

    def __getattr__(self, name):
        return echo(name + "?")


paris, oslo = Station("Paris"), Station("Oslo")
print(paris)
print("before", paris, "after", sep=" | ")
print(str(oslo), repr([paris, oslo]))
print(f"[{paris:>8}] [{oslo!r}] [{oslo!s}]")
print(paris == Station("Paris"), paris != oslo, paris in [oslo, paris])
print(len({paris, oslo, Station("Paris")}), {paris: 1}[Station("Paris")])
print([s.city for s in sorted([paris, oslo, Station("Lima")])])
print(len(paris), bool(Station("Nowhere")), "ar" in paris, "x" not in oslo)
if oslo:
    print("oslo is truthy")
print(paris.sky, getattr(oslo, "sky"), paris.missing, getattr(paris, "other", 0))
print(hasattr(paris, "anything"), type(paris)("Lima").city)


class Session:
    def __enter__(self):
        return echo("session open")

    def __exit__(self, kind, exc, tb):
        print(echo("session closed"), kind.__name__ if kind else None)
        return kind is ValueError


with Session() as s:
    print(s)
with Session():
    raise ValueError("swallowed")


class Pages:
    def __init__(self):
        self.cursor = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.cursor is None:
            raise StopIteration
        page = list_items(self.cursor, 5)
        self.cursor = page["next"]
        return [item["sku"] for item in page["items"]]


for skus in Pages():
    print(skus)
print(sum(len(p) for p in Pages()), len(list(Pages())))
first, *rest = Pages()
print(first, len(rest))
