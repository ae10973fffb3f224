ok = {(1, 2), "s", 3}
print(len(ok))
try:
    bad = {[1, 2], 3}
except TypeError as e:
    print(type(e).__name__, "unhashable type: 'list'" in str(e))
print(hash([1, 2]))
