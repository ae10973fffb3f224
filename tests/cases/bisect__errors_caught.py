import bisect

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: bisect.bisect_left([], 1, lo=-1))
attempt(lambda: bisect.bisect_left([], 1, lo=None))
attempt(lambda: bisect.bisect_left([], 1, lo=1.5))
attempt(lambda: bisect.bisect_right([1], 2, hi=99))
attempt(lambda: bisect.bisect_left(1, 1))
attempt(lambda: bisect.bisect_left(['a'], 1))
attempt(lambda: bisect.bisect_right(['a'], 1))
attempt(lambda: bisect.insort_left((1, 2), 1))
attempt(lambda: bisect.insort_right('abc', 'b'))
attempt(lambda: bisect.insort_left([], 0, key=42))
attempt(lambda: bisect.bisect_left())
attempt(lambda: bisect.bisect_left([], 1, 0, None, None))
attempt(lambda: bisect.bisect_left([], 1, unknown=1))
attempt(lambda: bisect.bisect_left([], 1, a=[]))
a = [1, 2]
attempt(lambda: bisect.insort(a, 1, key=lambda x: 1 / 0))
print(a)
