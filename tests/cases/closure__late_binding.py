funcs = []
for i in range(3):
    funcs.append(lambda: i)
print([f() for f in funcs])
bound = []
for i in range(3):
    bound.append(lambda i=i: i)
print([f() for f in bound])
def make_adders():
    return [lambda x, n=n: x + n for n in range(3)]
print([add(10) for add in make_adders()])
late = [lambda x: x * m for m in range(3)]
print([f(10) for f in late])
