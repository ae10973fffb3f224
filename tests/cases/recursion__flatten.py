def flatten(value):
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(flatten(v))
        return out
    return [value]

print(flatten([1, [2, [3, (4, 5)], []], [[[6]]], "s"]))
def depth(value):
    if isinstance(value, list):
        return 1 + max([depth(v) for v in value], default=0)
    return 0
print(depth([]), depth([1, [2, [3]]]), depth(5))
def total(tree):
    return sum([total(t) if isinstance(t, dict) else t for t in tree.values()])
print(total({"a": 1, "b": {"c": 2, "d": {"e": 3}}}))
