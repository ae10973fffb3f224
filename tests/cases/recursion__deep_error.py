def descend(tree, path):
    if not path:
        return tree
    return descend(tree[path[0]], path[1:])

tree = {"a": {"b": {"c": {"d": 1}}}}
print(descend(tree, ["a", "b", "c", "d"]))
print(descend(tree, ["a", "b", "c", "x"]))
