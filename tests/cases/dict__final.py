defaults = {"color": "red", "size": 1}
overrides = {"size": 3}
print(len(defaults))
{**defaults, **overrides, "extra": None}
