# Sequence operators with user instances: repetition by __index__, and
# the concatenation / repetition error wording.
class I:
    def __index__(self): return 3
class F: pass
print([1] * I(), I() * 'ab', (0,) * I())
x = [1]; x *= I(); print(x)
for g in [lambda: [1] * F(), lambda: F() * 'ab', lambda: b'' + F(), lambda: bytearray() + F()]:
    try: g()
    except TypeError as e: print(e)
class Foo: pass
f = Foo()
for g in [lambda: '' + f, lambda: [] + f, lambda: () + f, lambda: b'' + f, lambda: '' + 1, lambda: [] + 1]:
    try: g()
    except TypeError as e: print(e)
