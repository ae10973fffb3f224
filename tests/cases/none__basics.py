x = None
print(x, repr(x), str(x))
print(x is None, x is not None, x == None)
print(None == 0, None == "", None == False)
print([None, None], (None,), {None: None})

def nothing():
    pass

def implicit(a):
    if a:
        return 1

print(nothing(), implicit(0), implicit(1))
print(x or "default", x and "never")
result = nothing()
print(result is None)
print(bool(None), not None)
