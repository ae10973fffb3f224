# complex() of objects with __complex__, __float__ or __index__.
class C:
    def __complex__(self):
        return 2 + 3j


class BadC:
    def __complex__(self):
        return 1


class F:
    def __float__(self):
        return 2.5


class BadF:
    def __float__(self):
        return 2


class I:
    def __index__(self):
        return 7


class Both:
    def __complex__(self):
        return 1j

    def __float__(self):
        return 9.0


for make in [lambda: complex(C()), lambda: complex(F()), lambda: complex(I()),
             lambda: complex(Both()), lambda: complex(1, F()), lambda: complex(F(), I()),
             lambda: complex(C(), 1), lambda: complex(real=F(), imag=I()),
             lambda: complex(BadC()), lambda: complex(BadF()), lambda: complex(1, BadF()),
             lambda: complex(BadC(), 1), lambda: C() + 1j]:
    try:
        print(make())
    except TypeError as e:
        print('TypeError', e)
