# deque methods: their argument errors and results, as CPython words them.
from collections import deque
d = deque([1, 2, 3, 2], maxlen=6)
for f in [lambda: d.append(), lambda: d.append(1, 2), lambda: d.pop(1), lambda: d.rotate(1, 2), lambda: d.insert(1), lambda: d.index(), lambda: d.index(2, 0, 4, 5), lambda: d.count(), lambda: d.append(x=1), lambda: d.extend(), lambda: deque().pop(), lambda: deque().popleft(), lambda: d.copy(1), lambda: d.clear(1)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
d.appendleft(0); d.extendleft([-1, -2]); d.rotate(); d.rotate(-2); print(d, d.count(2), d.index(2), d.index(2, 3))
d.remove(2); d.reverse(); print(d, d.copy(), d.pop(), d.popleft(), d)
