def level3(x):
    return 100 / x

def level2(x):
    return level3(x) + 1

def level1(x):
    try:
        return level2(x)
    finally:
        print("level1 cleanup for", x)

for x in [5, 0]:
    try:
        print("result", level1(x))
    except ZeroDivisionError as e:
        print("caught at top:", e)
