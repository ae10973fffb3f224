def risky():
    return int("not a number")

try:
    risky()
except ValueError:
    print("logging and re-raising")
    raise
