import time

for c in [
    lambda: time.sleep(-1),
    lambda: time.gmtime(float("nan")),
    lambda: time.strftime("%Y", [2024, 1, 1, 0, 0, 0, 0, 1, 0]),
    lambda: time.strftime("%Y", (2024, 13, 1, 0, 0, 0, 0, 1, 0)),
    lambda: time.mktime((1, 2)),
    lambda: time.strptime("x", "%Y"),
]:
    try:
        c()
        print("no error")
    except Exception as e:
        print(type(e).__name__, "-", e)
