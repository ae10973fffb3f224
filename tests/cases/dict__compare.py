a = {"x": 1, "y": [1, 2]}
b = {"y": [1, 2], "x": 1}
print(a == b, a != b)
b["y"].append(3)
print(a == b)
print({} == {}, {1: 2} == {1: 2.0}, {1: 2} == {1: "2"})
print({"a": 1} == [("a", 1)])
print(dict(a=1) == {"a": 1})
