# A class with a method and super(), a generator, comprehensions.
class Base:
    def name(self):
        return "base"


class Child(Base):
    def name(self):
        return "child of " + super().name()


def evens(n):
    for i in range(n):
        if i % 2 == 0:
            yield i
    return "end"


squares = [x * x for x in evens(10)]
lookup = {k: v for k, v in zip("abc", squares)}
print(Child().name(), squares, lookup, sum(x for x in squares if x))
