import json
data = {"name": "box", "size": [1, 2, 3], "meta": {"b": None, "a": 1.5}, "empty": [], "e2": {}}
print(json.dumps(data, indent=2))
print(json.dumps(data, indent="\t", sort_keys=True))
print(json.dumps(data, separators=(",", ":")))
print(json.dumps(data, indent=0))
print(json.dumps(data, indent=1, separators=(" ,", " = ")))
print(json.dumps([1, [2, [3]]], indent=3))
print(json.dumps({"z": 1, "a": 2, "m": 3}, sort_keys=True))
