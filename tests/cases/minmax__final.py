temps = {"mon": 21.5, "tue": 25.0, "wed": 19.25}
print(min(temps, key=temps.get))
max(temps.values()) - min(temps.values())
