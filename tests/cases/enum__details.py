# Details of enum behaviour: members across enums, format specs, IntEnum
# arithmetic and conversions, a Flag with a zero member and |=, __str__
# overrides, attribute access on the class, the MRO.
from enum import Enum, IntEnum, Flag, auto
from typing import Optional
from dataclasses import dataclass
class Color(Enum):
    RED = "r"
    GREEN = "g"
class Other(Enum):
    RED = "r"
print(Color.RED == Other.RED, Color.RED in [Color.RED], {Color.RED, Color.RED, Color.GREEN} == {Color.GREEN, Color.RED})
print(f"{Color.RED.value:>5}|{Color.GREEN.name:<7}|", list(Color)[0], [m for m, v in Color.__members__.items()])
@dataclass
class P:
    c: Optional[Color] = None
print(P(Color.RED), P())
print(Color.RED.name.capitalize(), isinstance("r", Color), Color("r") == Color.RED)
class Weekday(IntEnum):
    MON = 0
    TUE = 1
print(Weekday(1).name, [d.name for d in Weekday if d > 0], Weekday.TUE.value + 1, -Weekday.TUE, abs(Weekday.TUE))
print(str(Weekday.TUE), repr(Weekday.TUE), "{:>3}".format(Weekday.TUE), Weekday.TUE.bit_length(), round(Weekday.TUE))
class Opt(Flag):
    NONE = 0
    A = auto()
    B = auto()
print(list(Opt), Opt.NONE, repr(Opt.A | Opt.B), bool(Opt.NONE), Opt(0) is Opt.NONE)
x = Opt.NONE
x |= Opt.A
print(x, x is Opt.A)
class Num(Enum):
    ONE = 1
    TWO = 2
    def __str__(self):
        return self.name.lower()
    @staticmethod
    def parse(s):
        return Num[s.upper()]
print(Num.parse("two"), f"{Num.ONE}", str(Num.TWO), Num.ONE.__str__())
print(getattr(Color, "RED"), hasattr(Color, "BLUE"), Color.__name__, Color.RED.__class__.__name__)
print(sorted(Color, key=lambda c: c.name), min(Weekday), Weekday.MON or "falsy")
import enum
print(isinstance(Color.RED, enum.Enum), type(Color.RED).__mro__)
