ok = {(1, 2), "s", 3}
print(len(ok))
bad = {[1, 2], 3}
