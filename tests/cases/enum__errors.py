from enum import Enum, IntEnum, StrEnum, unique


class Color(Enum):
    RED = 1
    GREEN = 2


def attempt(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: Color(3))
attempt(lambda: Color("red"))
attempt(lambda: Color["BLUE"])
attempt(lambda: Color.PURPLE)
attempt(lambda: Color.RED < Color.GREEN)
attempt(lambda: Color())


def reassign():
    Color.RED = 5


attempt(reassign)


def delete():
    del Color.GREEN


attempt(delete)


def set_value():
    Color.RED.value = 10


attempt(set_value)


def set_name():
    Color.RED.name = "x"


attempt(set_name)


def extend():
    class More(Color):
        BLUE = 3


attempt(extend)


def dup():
    @unique
    class Dup(Enum):
        A = 1
        B = 1
        C = 2
        D = 2

    return Dup


attempt(dup)


def bad_str():
    class S(StrEnum):
        A = 1


attempt(bad_str)


class Level(IntEnum):
    LOW = 1


attempt(lambda: Level(5))
attempt(lambda: Level.LOW.nope)
attempt(lambda: len(Color))
attempt(lambda: Color.RED.value.bit_length())


def ok_subclass():
    class Base(Enum):
        def describe(self):
            return f"{self.name}:{self.value}"

    class Fruit(Base):
        APPLE = "a"

    return Fruit.APPLE.describe()


attempt(ok_subclass)
attempt(lambda: Color.RED.value + 1)
attempt(lambda: {Color.RED: 1}[Color.GREEN])
