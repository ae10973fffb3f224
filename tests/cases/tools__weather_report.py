report = []
for city in ["Paris", "Lima", "Oslo", "Atlantis"]:
    try:
        w = get_weather(city)
    except LookupError as e:
        print(f"skipping {city}: {e}")
        continue
    report.append((city, w["sky"], w["celsius"]))
    print(f"{city:<6} {w['sky']:>7} {w['celsius']:6.2f}")
warmest = max(report, key=lambda r: r[2])
f"warmest: {warmest[0]}"
