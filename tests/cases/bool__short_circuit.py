log = []

def check(name, value):
    log.append(name)
    return value

r = check("a", False) and check("b", True)
print(r, log)
log.clear()
r = check("a", True) or check("b", True)
print(r, log)
log.clear()
r = check("a", 0) or check("b", "") or check("c", "yes") or check("d", 1)
print(r, log)
log.clear()
r = check("a", 1) and check("b", [1]) and check("c", None) and check("d", 2)
print(r, log)
log.clear()
r = not check("a", 0) and check("b", 5)
print(r, log)
