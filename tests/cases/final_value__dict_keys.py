d = {"b": 1, "a": 2}
d["c"] = 3
d.keys()
