# Exception classes with more than one builtin exception base: isinstance,
# issubclass, except clauses and __mro__ see every base; incompatible
# instance layouts are rejected.
from decimal import DecimalException, FloatOperation, DivisionByZero


class E(ValueError, TypeError):
    pass


print(isinstance(E(), TypeError), isinstance(E(), ValueError), issubclass(E, TypeError))
print(E.__mro__)
try:
    raise E('x')
except TypeError as e:
    print('caught as TypeError', repr(e), e.args)


class H(E, KeyError):
    pass


print(H.__mro__)
print(isinstance(H(), LookupError), issubclass(H, (IndexError, TypeError)), issubclass(H, IndexError))
try:
    raise H
except (IndexError, LookupError) as e:
    print('caught H', type(e).__name__)


class G(KeyError, AttributeError):
    pass


print(G.__mro__, issubclass(G, AttributeError))

try:
    class X1(OSError, ValueError):
        pass
    print('created', X1.__mro__, isinstance(X1(2, 'no'), ValueError), X1(2, 'no').args)
except TypeError as e:
    print(e)
try:
    class X2(StopIteration, AttributeError):
        pass
except TypeError as e:
    print(e)
try:
    class X3(SystemExit, NameError):
        pass
except TypeError as e:
    print(e)


class V(ValueError):
    pass


print(V.__mro__)
print(FloatOperation.__mro__)
print(isinstance(FloatOperation(), ArithmeticError), issubclass(FloatOperation, TypeError))
print(issubclass(DivisionByZero, ZeroDivisionError), issubclass(DivisionByZero, TypeError))
for exc_type in [ArithmeticError, TypeError, DecimalException]:
    try:
        raise FloatOperation('f')
    except exc_type as e:
        print('caught by', exc_type.__name__, type(e).__name__)
try:
    raise FloatOperation
except ValueError:
    print('wrong')
except Exception as e:
    print('not a ValueError', type(e).__name__)
