import pprint

data = {"name": "monty", "versions": [3.11, 3.12, 3.13], "nested": {"z": 1, "a": [1, 2, 3], "m": {"deep": True}},
        "tags": ("alpha", "beta", "gamma", "delta"), "empty": {}, "numbers": list(range(30))}
pprint.pprint(data)
print(pprint.pformat(data, width=40))
print(pprint.pformat(data, width=120))
print(pprint.pformat(data, indent=4, width=50))
pprint.pprint(data, sort_dicts=False, width=60)
pprint.pp({"b": 1, "a": 2})
print(pprint.pformat(list(range(40)), compact=True, width=50))
print(pprint.pformat([list(range(10))] * 4, compact=True, width=40))
print(pprint.pformat({"k": "a long string that will need to be wrapped over several lines because it is long " * 2}))
pprint.pprint("a top level string with many words that goes on and on past the width of the line " * 2)
pprint.pprint(["line one\nline two\n" * 6])
pprint.pprint({1, 2, 3})
pprint.pprint(set(range(40)), width=30)
pprint.pprint(frozenset(range(25)), width=30)
pprint.pprint((1,))
pprint.pprint(tuple(range(30)), width=30)
pprint.pprint(((1, 2), [3, [4, [5, [6, "x" * 70]]]]))
pprint.pprint([])
pprint.pprint({})
pprint.pprint(42)
pprint.pprint(None)
pprint.pprint([{"a": 1, "b": 2}] * 3, width=20)
print(pprint.saferepr({"b": [1, {"d": 1, "c": 2}], "a": (1,)}))
print(pprint.pformat({3: "c", 1: "a", 2: "b"}))
print(pprint.pformat({"x": 1, 2: "mixed"}))
print(repr(pprint.pformat("short")))
try:
    pprint.pformat([], indent=-1)
except ValueError as e:
    print("ValueError", e)
try:
    pprint.pformat([], width=0)
except ValueError as e:
    print("ValueError", e)
