# argument-count messages of builtin methods name the type
tests = [
    lambda: {}.items(1),
    lambda: {}.keys(1),
    lambda: [].append(),
    lambda: [].append(1, 2),
    lambda: [].append(x=1),
    lambda: "".upper(1),
    lambda: set().add(),
    lambda: (1,).count(),
    lambda: [].insert(1),
    lambda: {}.get(),
]
for t in tests:
    try:
        t()
    except TypeError as e:
        print(e)


class Plain:
    pass


class OptOut:
    __contains__ = None


for bad in [lambda: 1 in Plain(), lambda: 1 in OptOut(), lambda: 1 in 5]:
    try:
        bad()
    except TypeError:
        print("TypeError")
print([1, 2, 3].index(2, 0, 3))
