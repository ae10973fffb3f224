# Classes, dataclasses and imports defined in one cell are used in the next.
from dataclasses import dataclass, field
import math

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return math.hypot(self.x, self.y)

class Registry:
    def __init__(self):
        self.items = {}

    def add(self, name, value):
        self.items[name] = value
        return self
# %%
reg = Registry().add("a", Point(3, 4)).add("b", Point(1, 1))
print(reg.items["a"], reg.items["a"].norm())
# %%
class Point3(Point):
    z: float = 0.0

p = Point3(1, 2)
print(p, isinstance(p, Point), round(p.norm(), 3))
sorted(reg.items)
