# A deque's repr with itself or other deques inside (CPython prints [...]
# for a deque inside its own repr), and a deep nesting that fails cleanly.
from collections import deque

a = deque([1, 2])
a.append(a)
print(a)
b = deque([1], maxlen=3)
b.append(b)
print(b)
c = deque(["x"])
d = deque([c, "y"])
c.append(d)
print(c)
print(d)
print([a, a], {"k": b})

x = deque()
cur = x
for i in range(5):
    n = deque([i])
    cur.append(n)
    cur = n
print(x)

deep = deque()
cur = deep
for i in range(100000):
    n = deque([i])
    cur.append(n)
    cur = n
try:
    repr(deep)
except RecursionError as e:
    print("RecursionError:", e)
print(len(repr(x)))


class Dots:
    def __repr__(self):
        return "..."


print(deque([Dots()]), deque([Dots()], maxlen=2))
