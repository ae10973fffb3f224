# each tool error arrives as its own exception type and follows the class hierarchy
kinds = ["ValueError", "KeyError", "TypeError", "PermissionError", "TimeoutError"]
for kind in kinds:
    try:
        fail(f"{kind.lower()} from tool", kind)
    except OSError as e:
        print("OSError family:", type(e).__name__, e.args)
    except LookupError as e:
        print("LookupError family:", type(e).__name__, repr(e))
    except Exception as e:
        print("other:", type(e).__name__, str(e))
try:
    try:
        fail("inner")
    except ValueError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(e, "<-", repr(e.__cause__))
