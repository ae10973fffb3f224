things = [0, 1, -1, 0.0, 0.1, "", " ", "0", [], [0], (), (None,), {}, {0: 0}, set(), {0}, None, True, False, range(0), range(1)]
for t in things:
    if t:
        print(repr(t), "truthy")
    else:
        print(repr(t), "falsy")
print(bool(), bool(0), bool(2 ** 100), bool(-0.0), bool(float("nan")))
