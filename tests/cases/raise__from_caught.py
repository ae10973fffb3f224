def fetch(d):
    try:
        return d["value"]
    except KeyError as e:
        raise ValueError("bad record") from e

try:
    fetch({})
except ValueError as e:
    print("caught:", e)
    print("args:", e.args)
try:
    try:
        raise IndexError("low level")
    except IndexError as low:
        raise RuntimeError("high level") from low
except RuntimeError as e:
    print(type(e).__name__, e)
