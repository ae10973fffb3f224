try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args, str(e) == "")
try:
    raise KeyError
except LookupError as e:
    print(type(e).__name__, repr(e))
err = RuntimeError("stored")
try:
    raise err
except RuntimeError as e:
    print(e is err, e)
