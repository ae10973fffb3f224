def require(options, name):
    if name not in options:
        raise KeyError(f"option {name} is required")
    return options[name]

print(require({"a": 1}, "a"))
require({"a": 1}, "b")
