def summarize(cities):
    def one(c):
        w = get_weather(c)
        return f"{c}={w['celsius']}"
    return ", ".join(one(c) for c in cities)

print(summarize(["Paris", "Lima"]))
try:
    summarize(["Nowhere"])
except LookupError as e:
    print("lookup failed:", e)
