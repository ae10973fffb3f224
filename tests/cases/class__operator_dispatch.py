# Binary operator dispatch with user classes: same-class operands never try
# the reflected method, a right-hand subclass overriding it goes first,
# divmod() and three-argument pow() use __divmod__/__rdivmod__ and
# __pow__/__rpow__.
calls = []


class Left:
    def __add__(self, other):
        calls.append(('add', type(self).__name__))
        return NotImplemented

    def __radd__(self, other):
        calls.append(('radd', type(self).__name__))
        return 'radd'

    def __divmod__(self, other):
        return ('divmod', other)

    def __rdivmod__(self, other):
        return ('rdivmod', other)


class Sub(Left):
    def __radd__(self, other):
        calls.append(('sub radd', type(self).__name__))
        return 'sub radd'


class Plain:
    pass


try:
    Left() + Left()
except TypeError as e:
    print(e, calls)
calls.clear()
print(Left() + Sub(), calls)
calls.clear()
print(Sub() + Left(), calls)
calls.clear()
print(1 + Left(), calls)
print(divmod(Left(), 3), divmod(3, Left()))
try:
    divmod(Plain(), 3)
except TypeError as e:
    print(e)


class Power:
    def __pow__(self, *args):
        calls.append(('pow', args))
        return self.result

    def __rpow__(self, *args):
        calls.append(('rpow', args))
        return self.result


class Exponent:
    def __rpow__(self, *args):
        return ('exponent', args)


p = Power()
p.result = 'powered'
e = Exponent()
calls.clear()
print(pow(p, 2), pow(p, 2, None), pow(p, 3, 5), calls)
p.result = NotImplemented
# (three-argument __rpow__ is only called from 3.14 on)
for f in [lambda: pow(2.0, e, 5), lambda: pow(p, Power(), 3), lambda: pow(2, 3, p)]:
    try:
        f()
    except TypeError as err:
        print(err)


class Handler:
    def operate(self, other):
        return ('handled', other)


handler = Handler()
Bound = type('Bound', (), {'__add__': handler.operate})
print(Bound() + 4)
