data = {"a": 1, "b": 2}
keys = ["a", "b", "c"]
print({k: data[k] for k in keys[:2]})
values = [data[k] for k in keys]
