# Host calls from enum and ABC code: a member's property, `_missing_`
# (inside the metaclass's lookup), a sort key over members, an abstract
# base's template method; IntEnum/StrEnum members passed to tools arrive
# as their values (CPython calls the tools in-process, so only scalars,
# whose str() is the value's, print alike).
from abc import ABC, abstractmethod
from enum import Enum, IntEnum, StrEnum, auto


class City(StrEnum):
    PARIS = "Paris"
    OSLO = "Oslo"
    LIMA = "Lima"

    @property
    def celsius(self):
        return get_weather(self.value)["celsius"]

    @classmethod
    def _missing_(cls, value):
        for c in cls:
            if c.value.lower() == echo(value).lower():
                return c
        return None


class Level(IntEnum):
    LOW = 1
    HIGH = 2


print(City("oslo"), City.PARIS.celsius)
print(sorted(City, key=lambda c: get_weather(c)["celsius"]))
print(add(Level.LOW, Level.HIGH), echo(Level.HIGH), echo(City.LIMA), echo([c.value for c in Level]))
print(echo({"level": Level.HIGH.value, "city": City.OSLO.value}), add(Level.HIGH, 0.5))


class Source(ABC):
    @abstractmethod
    def fetch(self, q):
        ...

    def top(self, q):
        return self.fetch(q)[0]


class Search(Source):
    def fetch(self, q):
        return search(q, limit=2)


print(Search().top("enum"))
try:
    Source()
except TypeError as e:
    print(type(e).__name__, e)


class Step(Enum):
    FETCH = auto()
    DONE = auto()


state = Step.FETCH
while state is not Step.DONE:
    print("step", state.name, echo(state.value))
    state = Step(state.value + 1)
print(state)
