first, *rest = [10, 20, 30]
print(first)
{**{"a": 1, "b": 2}, **{"b": 3}, "c": rest}
