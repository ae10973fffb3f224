import json
doc = '{"name": "x", "n": [1, 2.5, -3e2, true, false, null], "nested": {"k": "\\u00e9\\n\\ud83d\\ude00"}}'
v = json.loads(doc)
print(v)
print(type(v["n"][0]).__name__, type(v["n"][1]).__name__, type(v["n"][2]).__name__)
print(json.loads("  [ ]  "), json.loads("{}"), json.loads('""'))
print(json.loads("123456789012345678901234567890"))
print(json.loads("-0"), json.loads("-0.0"), json.loads("1E3"), json.loads("0.5e-1"))
print(json.loads("[NaN, Infinity, -Infinity]"))
print(json.loads('{"a": 1, "a": 2}'))
print(json.loads('"\\" \\\\ \\/ \\b \\f \\n \\r \\t"'))
print(json.loads(json.dumps({"round": [1, "trip", {"ok": None}]})))
