# The kind of program an LLM writes in "code mode": call tools as functions,
# loop over results, branch, handle a tool's error.
report = []
for city in ["Paris", "Lima", "Oslo", "Atlantis"]:
    try:
        w = get_weather(city)
    except LookupError as e:
        print(f"skipping {city}: {e}")
        continue
    f = convert(w["celsius"], unit="F")
    report.append((city, w["sky"], round(f, 1)))
    print(f"{city:<6} {w['sky']:>7} {w['celsius']:6.2f}°C = {f:.1f}°F")

warmest = max(report, key=lambda r: r[2])
f"warmest: {warmest[0]}"
