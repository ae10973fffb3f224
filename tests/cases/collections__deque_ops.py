# deque operators, bounded repetition and argument errors.
from collections import deque

print(deque([1]) + deque([2]), deque([1, 2]) * 2, 3 * deque("ab"), deque([1, 2]) * -1)
print(deque([1, 2], maxlen=2) + deque([3]), deque([1, 2], maxlen=2) * 10**9)
print(deque([1, 2, 3], maxlen=5) * 4, 2 * deque([1, 2, 3], maxlen=5), deque([1], maxlen=0) * 5)
d = deque([1, 2])
alias = d
d += "ab"
d *= 2
print(alias, alias is d)
d = deque([1, 2, 3], maxlen=5)
d *= 4
print(d)
d = deque([1, 2])
d += d
print(d)

def err(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

err(lambda: deque([1]) + [2])
err(lambda: deque([1, 2]) * 2**70)
err(lambda: deque([1]) * 1.5)
err(lambda: deque(maxlen="x"))
err(lambda: deque(maxlen=-1))
err(lambda: deque([1], 2, 3))
err(lambda: deque([1, 2, 3])[2**70])
err(lambda: hash(deque()))
err(lambda: deque([1]) < [2])
def set_maxlen():
    deque().maxlen = 3
err(set_maxlen)
def iadd_int():
    d = deque()
    d += 5
err(iadd_int)
a, b = deque([1, 2]), deque([1, 2])
a.append(a)
b.append(b)
err(lambda: a == b)
print(a == a)
