# deque(iterable=(), maxlen=None): Argument Clinic binding and maxlen checks.
from collections import deque
for f in [lambda: deque([1], 2, 3), lambda: deque([1], iterable=[2]), lambda: deque(maxlen=-1), lambda: deque(maxlen='x'), lambda: deque(x=1), lambda: deque([1, 2, 3], maxlen=2), lambda: deque(iterable=[1], maxlen=None)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
