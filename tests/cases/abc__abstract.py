from abc import ABC, ABCMeta, abstractmethod
from dataclasses import dataclass


class Shape(ABC):
    @abstractmethod
    def area(self):
        ...

    @abstractmethod
    def perimeter(self):
        pass

    def describe(self):
        return f"{type(self).__name__} with area {self.area():.2f}"


def attempt(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: Shape())
print(sorted(Shape.__abstractmethods__), type(Shape.__abstractmethods__).__name__)


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side


class HalfDone(Shape):
    def area(self):
        return 0


attempt(lambda: HalfDone())
sq = Square(3)
print(sq.area(), sq.perimeter(), sq.describe())
print(isinstance(sq, Shape), isinstance(sq, ABC), issubclass(Square, Shape))
print(Square.__abstractmethods__, HalfDone.__abstractmethods__)


class Base(ABC):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def create(cls):
        ...

    @staticmethod
    @abstractmethod
    def version():
        ...


attempt(lambda: Base())


class Impl(Base):
    @property
    def name(self):
        return "impl"

    @classmethod
    def create(cls):
        return cls()

    @staticmethod
    def version():
        return 2


i = Impl.create()
print(i.name, Impl.version(), sorted(Base.__abstractmethods__))


class Tool(ABC):
    name: str = "tool"

    @abstractmethod
    def run(self, query: str) -> str:
        raise NotImplementedError


@dataclass
class Search(Tool):
    limit: int = 3

    def run(self, query):
        return f"searching {query!r} (limit {self.limit})"


@dataclass
class Broken(Tool):
    limit: int = 3


print(Search(5).run("cats"))
attempt(lambda: Broken())


class Plain(ABC):
    def hello(self):
        return "hi"


print(Plain().hello(), Plain.__abstractmethods__)


class Meta(metaclass=ABCMeta):
    @abstractmethod
    def go(self):
        pass


attempt(lambda: Meta())


class Go(Meta):
    def go(self):
        return "went"


print(Go().go(), isinstance(Go(), Meta))


class Intermediate(Shape):
    def perimeter(self):
        return 1

    @abstractmethod
    def extra(self):
        pass


attempt(lambda: Intermediate())
print(sorted(Intermediate.__abstractmethods__))
print(getattr(Shape.area, "__isabstractmethod__", False), getattr(Square.area, "__isabstractmethod__", False))
