import collections

R = tuple[int, int]
print(R, repr(list[int]), dict[str, list[tuple[int, str]]], tuple[()], tuple[int, ...])
print(collections.deque[int], list[None], list[...])
print(R.__origin__, R.__args__, list[int]([1, 2]), dict[str, int](a=1))
print(list[int] == list[int], list[int] != list[str], list[int] == list)
print({list[int]: 1}[list[int]], hash(list[int]) == hash(list[int]))
m = int | None
print(m, m.__args__, int | str | int, int | str == str | int)
print(isinstance(1, int | str), isinstance(None, int | str), isinstance(None, int | None))
print(list[int] | None, list[int | None], int | int is int, hash(int | str) == hash(str | int))


def f(x: int | None) -> list[int]:
    return [x]


print(f(3))
for bad in (lambda: int | 1, lambda: int[str], lambda: isinstance([], list[int]), lambda: list[int][str]):
    try:
        bad()
    except TypeError as e:
        print('TypeError:', e)


class Foo:
    pass


print(isinstance(Foo(), Foo | None), isinstance(3, Foo | None))
