def noop():
    return None

print("before")
noop()
