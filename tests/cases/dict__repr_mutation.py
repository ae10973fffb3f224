# a dict's repr walks it live: keys added by a __repr__ are printed, a
# deletion leaves the entries after it in place; a Counter prints a snapshot
from collections import Counter


class KeyAdder:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n

    def __eq__(self, other):
        return self is other

    def __repr__(self):
        if self.n == 1:
            d['new'] = 99
        return f'K{self.n}'


d = {KeyAdder(1): 1, KeyAdder(2): 2}
print(repr(d))


class Popper:
    def __init__(self, n, mutate=False):
        self.n = n
        self.mutate = mutate

    def __hash__(self):
        return self.n

    def __eq__(self, other):
        return self is other

    def __repr__(self):
        if self.mutate:
            target.pop(next(iter(target)), None)
        return f'K{self.n}'


target = {Popper(1, mutate=True): 1, Popper(2): 2, Popper(3): 3}
print(repr(target))
target = {Popper(1): 1, Popper(2, mutate=True): 2, Popper(3): 3}
print(repr(target))


class CountPopper:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n

    def __eq__(self, other):
        return self is other

    def __repr__(self):
        c.pop(next(iter(c)), None)
        return f'C{self.n}'


c = Counter({CountPopper(1): 3, CountPopper(2): 5})
print(repr(c))
