# A namedtuple hashes as its tuple (found under the tuple's key and back);
# sequences holding distinct NaNs are unordered; deque += / extend take
# items one by one, keeping what an iterator gave before it failed.
from collections import deque, namedtuple

P = namedtuple('P', 'x y')
p = P(11, 22)
print({p: 'v'}[(11, 22)], (11, 22) in {P(11, 22)}, {(11, 22): 1}[p])
print(P(float('nan'), 1) < P(float('nan'), 2), (float('nan'), 1) < (float('nan'), 2))
print(deque([float('nan')]) < deque([float('nan'), 1]))


class Raiser:
    def __init__(self, stop):
        self.n = 0
        self.stop = stop

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n > self.stop:
            raise ValueError('boom')
        return self.n


for make, how in [
    (lambda: deque([0]), 'iadd'),
    (lambda: deque([0]), 'extend'),
    (lambda: deque([0]), 'extendleft'),
    (lambda: deque([9], maxlen=2), 'iadd'),
]:
    d = make()
    try:
        if how == 'iadd':
            d += Raiser(3)
        else:
            getattr(d, how)(Raiser(2))
    except ValueError as e:
        print(how, e, list(d))
s = deque([1, 2])
s += s
print(s)
try:
    d = deque([1])
    d += 5
except TypeError as e:
    print('TypeError:', e)

x = []
y = list[x]
x.append(y)
b = []
z = list[b]
b.append(z)
try:
    y == z
except RecursionError as e:
    print('RecursionError:', e)
print(y == y)

# each float('nan') is an object of its own; one NaN passed around is the same
nan = float('nan')
print((nan, 1) < (nan, 2), [nan] == [nan], [float('nan')] == [float('nan')])
print(len({float('nan'), float('nan')}), len({nan, nan}), nan in [nan], float('nan') in [nan])
print(repr(float('nan')), repr(float('-nan')), float('nan') != float('nan'))

# a deque's iterator raises once the deque changed structurally (even when
# its length is back), not for item assignment or reverse()
for change in [lambda d: d.append(9), lambda d: d.rotate(0), lambda d: (d.append(9), d.popleft())]:
    d = deque([1, 2, 3])
    try:
        for _ in d:
            change(d)
    except RuntimeError as e:
        print('RuntimeError:', e)
d = deque([1, 2, 3])
for _ in d:
    d[0] = 9
    d.reverse()
    d.extend([])
print(d)
d = deque([1, 2])
n = 0
try:
    for _ in d:
        n += 1
        if n == 2:
            d.append(3)
            d.popleft()
except RuntimeError as e:
    print('last:', e)
