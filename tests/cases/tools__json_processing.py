# tool results as dicts and lists: comprehensions, sorting, grouping, json
import json
from collections import Counter, defaultdict

raw = echo(json.dumps([
    {"city": "Paris", "temp": 14.5, "tags": ["eu", "rain"]},
    {"city": "Lima", "temp": 22.0, "tags": ["sa"]},
    {"city": "Oslo", "temp": -3.25, "tags": ["eu", "snow"]},
]))
rows = json.loads(raw)
weather = {r["city"]: get_weather(r["city"]) for r in rows}
for city, w in sorted(weather.items(), key=lambda kv: kv[1]["celsius"]):
    print(f"{city:5} {w['celsius']:>6.2f}C {w['sky']:<7} wind {max(w['wind'])}")
by_region = defaultdict(list)
for r in rows:
    for tag in r["tags"]:
        by_region[tag].append(r["city"])
print(dict(by_region))
print(Counter(t for r in rows for t in r["tags"]).most_common(2))
print(json.dumps({c: w["wind"] for c, w in weather.items()}, sort_keys=True))
