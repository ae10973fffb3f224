# (Python 3.14 names code of the main module without `__main__.`, as the sandbox
# does by the design contract; the 3.13 that writes the expected output adds it)
# __iter__ = None opts a class out of iteration everywhere
class OptOut:
    __iter__ = None
class Plain:
    pass
class GI:
    def __getitem__(self, i):
        if i > 2: raise IndexError
        return i
class GINone:
    __iter__ = None
    def __getitem__(self, i):
        if i > 2: raise IndexError
        return i
def f1(o): return iter(o)
def f2(o): return list(o)
def f3(o):
    for x in o: pass
def f4(o): return sorted(o)
def f5(o):
    a, b = o
def f6(o):
    a, *b = o
def f7(o): return [*o]
def f8(o): return ''.join(o)
def f9(o): return 2
def f10(o): return set(o)
def f11(o): return tuple(o)
def f12(o): return dict(o)
def f13(o): return f(*o)
def f14(o): return {*o}
def f(*a): pass
for cls in (OptOut, Plain, GINone):
    for fn in (f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14):
        try:
            fn(cls())
            print(fn.__name__, 'ok')
        except TypeError as e:
            print(fn.__name__, str(e).replace('__main__.', ''))


class BoomIter:
    def __iter__(self):
        raise ValueError('boom')


try:
    ''.join(BoomIter())
except ValueError as e:
    print('join:', e)
print('-'.join(['a', 'b']), '-'.join(('c',)), '-'.join(iter('xy')))
