def check(a, b):
    if a:
        if b:
            result = "both"
        else:
            pass
            result = "only a"
    else:
        if b:
            result = "only b"
        else:
            result = "neither"
    return result

for a in (True, False):
    for b in (True, False):
        print(a, b, check(a, b))
if True:
    pass
print("done")
