# __init__ members that are not plain functions: classes, builtins, bound
# methods are called without the new instance; the result must be None.
class Helper:
    def __init__(self, x=None):
        self.x = x


class InitIsClass:
    __init__ = Helper


class InitNotCallable:
    __init__ = 42


class InitReturnsValue:
    def __init__(self):
        return 'nope'


class InitGenerator:
    def __init__(self):
        yield 1


for cls in [InitIsClass, InitNotCallable, InitReturnsValue, InitGenerator]:
    try:
        cls()
    except TypeError as e:
        print(cls.__name__, e)


class InitBuiltin:
    __init__ = print


print(type(InitBuiltin('printed by __init__')).__name__)


class Recorder:
    def __init__(self):
        self.calls = []

    def record(self, *args, **kwargs):
        self.calls.append((args, kwargs))


rec = Recorder()


class InitBoundMethod:
    __init__ = rec.record


print(type(InitBoundMethod(1, 2, k=3)).__name__, rec.calls)


async def coro():
    return 1


c = coro()
print(type(c).__name__, repr(c).split(' at ')[0])
c.close()


def gen():
    yield 1


print(type(gen()).__name__)
