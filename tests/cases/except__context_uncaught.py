settings = {"mode": "fast"}
try:
    level = settings["level"]
except KeyError:
    level = int(settings["mode"])
print(level)
