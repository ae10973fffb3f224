values = [1, 1.0, "1", [1], (1,), {1: 1}, {1}, None, True]
for v in values:
    print(repr(v), isinstance(v, int), isinstance(v, (float, str)), isinstance(v, (list, tuple, dict, set)))
print(isinstance(True, bool), isinstance(True, int), isinstance(1, bool))
print(isinstance(ValueError("x"), Exception), isinstance(KeyError(), (ValueError, LookupError)))
print(isinstance(3, ()), isinstance([], (int, (str, list))))
