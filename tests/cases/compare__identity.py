a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c)
x = None
print(x is None, x is not None)
print(True is True, False is not True)
def f():
    return None
print(f() is None)
t = ()
print(len(t) == 0, t == ())
d = {}
e = d
e["k"] = 1
print(d is e, d)
print(type(1) is int, type("s") is str, type([]) is not list)
