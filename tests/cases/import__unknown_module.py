try:
    import nosuchmodule
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    import nosuch.sub
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    import json.nosuch
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    from nosuch_either import x
except ImportError as e:
    print(type(e).__name__, e)
