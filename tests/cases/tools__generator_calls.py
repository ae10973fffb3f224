def temperatures(cities):
    for c in cities:
        yield c, get_weather(c)["celsius"]

for city, t in temperatures(["Oslo", "Paris"]):
    print(city, t)
print(dict(temperatures(["Lima"])))
