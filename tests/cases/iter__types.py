# each builtin iterator has its own type, named as in CPython
for x in [iter([]), iter(()), iter('abc'), iter('é'), iter(b'abc'), iter(range(3)), iter({}), iter({}.keys()), iter({}.items()), iter({}.values()), iter(set()), iter(frozenset()), iter(bytearray()), reversed([]), enumerate([]), zip(), map(str, []), filter(None, []), reversed(range(3)), reversed('ab'), reversed(()), iter(lambda: 1, 2)]:
    print(type(x).__name__, type(x), repr(x).split(" at ")[0])
