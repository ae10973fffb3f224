from enum import Enum, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(Color.RED)
print(repr(Color.RED))
print(Color.RED.name, Color.RED.value)
print(Color(2), Color["BLUE"])
print(list(Color))
print(len(Color))
print(Color.RED in Color)
print(2 in Color, 7 in Color)
print(isinstance(Color.RED, Color), type(Color.RED) is Color)
print(Color.RED is Color(1), Color.RED == Color.RED, Color.RED != Color.GREEN)
print(Color.RED == 1)
print(repr(Color))
print(Color.__members__)
print(list(Color.__members__.keys()))
print(f"The color is {Color.GREEN.name.lower()} ({Color.GREEN.value})")
print(f"{Color.BLUE}")
print("{}".format(Color.RED))
print(str(Color.RED), [Color.RED])
print(Color.RED.__class__.__name__, Color.__name__)

for c in Color:
    print(c.name, "=", c.value)

counts = {Color.RED: 0, Color.GREEN: 5}
counts[Color.RED] += 1
print(counts)
print(sorted(Color, key=lambda c: c.value, reverse=True))
print(max(Color, key=lambda c: c.value))
print(hash(Color.RED) == hash(Color.RED))


class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2


print(Shape.ALIAS_FOR_SQUARE, Shape.ALIAS_FOR_SQUARE is Shape.SQUARE)
print(list(Shape))
print(len(Shape), list(Shape.__members__))
print(Shape(2).name)


class Priority(Enum):
    LOW = auto()
    MEDIUM = auto()
    HIGH = auto()

    @property
    def label(self):
        return self.name.title()

    def is_urgent(self):
        return self is Priority.HIGH

    @classmethod
    def parse(cls, text):
        return cls[text.upper()]

    def __lt__(self, other):
        return self.value < other.value


print(list(Priority))
print(Priority.HIGH.label, Priority.HIGH.is_urgent(), Priority.LOW.is_urgent())
print(Priority.parse("medium"))
print(sorted([Priority.HIGH, Priority.LOW, Priority.MEDIUM]))
print(Priority.LOW < Priority.HIGH)


@unique
class Mood(Enum):
    HAPPY = "happy"
    SAD = "sad"


print(Mood("sad"), Mood.HAPPY.value)


def describe(c):
    match c:
        case Color.RED:
            return "warm"
        case Color.GREEN | Color.BLUE:
            return "cool"


print([describe(c) for c in Color])


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.673e-11
        return G * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass)
print(round(Planet.EARTH.surface_gravity, 2))
print(Planet((3.303e23, 2.4397e6)))

Animal = Enum("Animal", "CAT DOG BIRD")
print(list(Animal), Animal.DOG.value, repr(Animal))
Http = Enum("Http", [("OK", 200), ("NOT_FOUND", 404)])
print(Http(404), Http.OK.value)


class Case(Enum):
    UPPER = 1
    LOWER = 2

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


print(Case("lower"))
import copy
print(copy.copy(Color.RED) is Color.RED, copy.deepcopy({"c": Color.RED})["c"] is Color.RED)
print(Color.RED.__class__ is Color, isinstance(Color.RED, Enum), issubclass(Color, Enum))
print(list(reversed(Color)))
