# Keys and items views compare with sets, frozensets and other views as
# set-like objects; a __hash__ that clears the dict mid-compare raises.
d = {1: 'a', 2: 'b'}
print(d.keys() == {1, 2}, {1, 2} == d.keys(), d.keys() == {1}, d.items() == {(1, 'a'), (2, 'b')})
print(d.keys() == {2: 0, 1: 0}.keys(), d.items() == {(1, 'a')}, d.keys() != {1, 3}, d.values() == d.values())
print(d.keys() == frozenset([1, 2]), frozenset([1, 2]) == d.keys(), d.items() == d.items(), d.keys() == d.items())
print({(1, 'a'), (2, 'b')} == d.items(), d.items() == {1: 'a', 2: 'b'}.items())

armed = False
target = {}


class Clearer:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        if armed:
            target.clear()
        return self.n

    def __eq__(self, other):
        return isinstance(other, Clearer) and self.n == other.n


members = {Clearer(1), Clearer(2)}
target = {Clearer(1): 1, Clearer(2): 2}
armed = True
try:
    print(target.keys() == members)
except RuntimeError as e:
    print('RuntimeError:', e)
armed = False

from collections import deque
dq = deque()


class Appender:
    def __eq__(self, other):
        dq.append(0)
        return False


dq.append(Appender())
for f in (lambda: 5 in dq, lambda: dq.count(5), lambda: dq.index(5), lambda: dq.remove(5)):
    try:
        print(f())
    except (RuntimeError, IndexError) as e:
        print(type(e).__name__, e)

# list equality reads items live: a truncating __eq__ ends the walk
g = [0, None, 2, 3]
h = [0, 1, 2, 3]


class Truncater:
    def __eq__(self, other):
        del g[2:]
        return True


g[1] = Truncater()
print(g == h, len(g))
