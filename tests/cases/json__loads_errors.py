import json
docs = ["", "   ", "[1, 2", "[1, 2,]", "[,]", '{"a" 1}', '{"a": 1,}', "{'a': 1}", '{"a": 1 "b": 2}',
        '"unterminated', '"bad \\x escape"', '"\\u12G4"', '"ctrl \x01 char"', "tru", "[1] [2]", "1 2",
        '[\n  1,\n  2\n  3\n]', '{"k": [1, {"x": }]}', "-", "01", "[.5]", '["é", ?]']
for d in docs:
    try:
        json.loads(d)
        print("ok?", repr(d))
    except json.JSONDecodeError as e:
        print(repr(d), "->", e)
try:
    json.loads(5)
except TypeError as e:
    print("TypeError:", e)
print(issubclass(json.JSONDecodeError, ValueError))
