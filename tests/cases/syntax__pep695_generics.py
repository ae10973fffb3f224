# PEP 695 type parameters on functions and classes (3.12+ syntax) run;
# bounds and constraints are accepted.
def first[T](xs: list[T]) -> T:
    return xs[0]


def pick[K: str, V](d: dict[K, V], k: K) -> V | None:
    return d.get(k)


class Box[T]:
    def __init__(self, value: T) -> None:
        self.value = value

    def map[U](self, f) -> "Box[U]":
        return Box(f(self.value))


class Pair[A, B: (int, str)]:
    def __init__(self, a: A, b: B):
        self.items = (a, b)


print(first([3, 4]), pick({"a": 1}, "a"), pick({"a": 1}, "z"))
print(Box(2).map(lambda v: v * 10).value, Pair("x", 5).items)
