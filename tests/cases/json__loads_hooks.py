import json
print(json.loads("[1, 2.5, 3]", parse_float=str))
print(json.loads("[1, 2.5, 3]", parse_int=float))
print(json.loads("[NaN, 1]", parse_constant=lambda name: "const:" + name))
print(json.loads('{"b": 1, "a": {"c": 2}}', object_hook=lambda d: sorted(d)))
print(json.loads('{"b": 1, "a": 2}', object_pairs_hook=lambda pairs: pairs))
print(json.loads('"tab\there"', strict=False))
try:
    json.loads("[1]", bogus=1)
except TypeError as e:
    print("TypeError:", e)
