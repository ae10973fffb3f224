# a report over several cities where some lookups fail
cities = ["Paris", "Atlantis", "Lima", "Oslo", "El Dorado"]
report, missing = {}, []
for city in cities:
    try:
        w = get_weather(city)
    except LookupError as e:
        missing.append((city, str(e)))
        continue
    report[city] = w
warmest = max(report, key=lambda c: report[c]["celsius"])
print("ok:", ", ".join(report), "| warmest:", warmest)
for city, reason in missing:
    print("missing:", city, "-", reason)
avg = sum(w["celsius"] for w in report.values()) / len(report)
print(f"average {avg:.3f}", "windy:", [c for c, w in report.items() if w["wind"][1] > 5])
