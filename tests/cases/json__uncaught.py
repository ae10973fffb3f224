import json
config = json.loads('{"items": [1, 2, 3], "name": "demo"}')
print(sum(config["items"]), config["name"])
try:
    json.loads('{"items": [1, 2, 3,]}')
except json.JSONDecodeError as e:
    print("bad document:", e)
print(config["version"])
