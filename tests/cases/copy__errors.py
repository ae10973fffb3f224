import copy
def attempt(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__ + ":", e)
attempt(copy.copy)
attempt(copy.deepcopy)
attempt(copy.copy, 1, 2)
attempt(copy.copy, copy)
attempt(copy.deepcopy, [copy])
attempt(copy.deepcopy, {"m": copy})
