for kind in ["ValueError", "KeyError", "TypeError", "PermissionError", "TimeoutError"]:
    try:
        fail("boom " + kind, kind)
    except Exception as e:
        print(type(e).__name__, e)
try:
    fail("inner")
except ValueError as e:
    print("caught", repr(e), e.args)
