# ExceptionGroup / BaseExceptionGroup: construction, attributes, split,
# subgroup, derive, str and repr, isinstance.
eg = ExceptionGroup("many", [ValueError(1), TypeError("t"), ExceptionGroup("inner", [KeyError("k"), ValueError(2)])])
print(str(eg))
print(repr(eg))
print(eg.message, len(eg.exceptions), type(eg.exceptions).__name__)
print(eg.args[0], type(eg.args[1]).__name__)
print(isinstance(eg, Exception), isinstance(eg, BaseExceptionGroup), isinstance(eg, ExceptionGroup))
print(issubclass(ExceptionGroup, BaseExceptionGroup), issubclass(ExceptionGroup, Exception))
print(issubclass(BaseExceptionGroup, Exception), [c.__name__ for c in ExceptionGroup.__mro__])
print(str(ExceptionGroup("one", [ValueError()])))

match, rest = eg.split(ValueError)
print("match:", repr(match))
print("rest:", repr(rest))
print(eg.subgroup(KeyError))
print(eg.subgroup(OSError))
print(eg.split((KeyError, TypeError)))
print(eg.split(lambda e: isinstance(e, ValueError) and e.args[0] == 2))
print(eg.subgroup(lambda e: True) is eg)
print(repr(eg.derive([OSError(5)])))

# BaseExceptionGroup picks ExceptionGroup when it can
g = BaseExceptionGroup("b", [ValueError(1)])
print(type(g).__name__)
g = BaseExceptionGroup("b", [KeyboardInterrupt()])
print(type(g).__name__, isinstance(g, Exception))
print(type(g.split(KeyboardInterrupt)[0]).__name__)

# metadata is copied to the parts
try:
    raise ValueError("cause")
except ValueError as c:
    try:
        raise ExceptionGroup("eg", [ValueError(1), TypeError(2)]) from c
    except ExceptionGroup as e:
        e.add_note("note 1")
        m, r = e.split(ValueError)
        print(repr(m.__cause__), m.__notes__, r.__notes__, m.__notes__ is e.__notes__)

# errors
for args in [("m",), ("m", []), (1, [ValueError()]), ("m", [1]), ("m", ValueError()), ("m", {ValueError()})]:
    try:
        ExceptionGroup(*args)
    except Exception as e:
        print(type(e).__name__, e)
try:
    ExceptionGroup("m", [KeyboardInterrupt()])
except TypeError as e:
    print("TypeError", e)
try:
    eg.split(1)
except TypeError as e:
    print("TypeError", e)
try:
    eg.split(int)
except TypeError as e:
    print("TypeError", e)

# a subclass
class MyGroup(ExceptionGroup):
    def derive(self, excs):
        return MyGroup(self.message.upper(), excs)

mg = MyGroup("mine", [ValueError(1), KeyError(2)])
print(type(mg).__name__, repr(mg.subgroup(ValueError)), type(mg.subgroup(ValueError)).__name__)
try:
    raise mg
except ExceptionGroup as e:
    print("caught", type(e).__name__, e)
