import json
print(json.dumps({1: "int", 2.5: "float", True: "bool", None: "none", "s": "str"}))
print(json.dumps({float("inf"): 1, float("nan"): 2}))
print(json.dumps({(1, 2): "tuple", "ok": 1}, skipkeys=True))
print(json.dumps({10: "a", 9: "b", 100: "c"}, sort_keys=True))
try:
    json.dumps({(1, 2): "tuple"})
except TypeError as e:
    print("TypeError:", e)
try:
    json.dumps({1: "a", "b": 2}, sort_keys=True)
except TypeError as e:
    print("TypeError:", e)
