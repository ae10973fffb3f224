samples = [
    ValueError("bad value"),
    ValueError(),
    KeyError("k"),
    KeyError(),
    Exception("a", 2),
    TypeError(42),
    IndexError("it's"),
    RuntimeError(""),
    KeyError(("tuple", 1)),
    Exception(None),
]
for e in samples:
    print(repr(e), "|", str(e), "|", e.args, "|", len(e.args))
try:
    raise KeyError("missing key")
except KeyError as e:
    print(e, e.args[0])
