config = {"db": {"host": "localhost", "port": 5432}, "debug": False}
print(config["db"]["port"])
config["db"]["port"] += 1
config["cache"] = {"size": [1, 2]}
config["cache"]["size"][0] *= 10
print(config)
tree = {}
for path in ["a/b/c", "a/b/d", "a/e", "f"]:
    node = tree
    for part in path.split("/"):
        node = node.setdefault(part, {})
print(tree)
print({"t": (1, {"u": [None]})})
