def inner():
    try:
        return {"a": 1}["b"]
    except KeyError:
        print("inner saw KeyError, re-raising")
        raise

try:
    inner()
except KeyError as e:
    print("outer caught", repr(e))
def convert(x):
    try:
        return int(x)
    except ValueError as e:
        print("logging:", e)
        raise
for v in ["5", "nope"]:
    try:
        print(convert(v))
    except ValueError:
        print("handled at top")
