import bisect

print(bisect.bisect_left((1, 2, 2, 4), 2), bisect.bisect_right((1, 2, 2, 4), 2))
print(bisect.bisect_left(range(0, 100, 5), 42), bisect.bisect_right(range(10), 5))
print(bisect.bisect_left('abbcd', 'b'), bisect.bisect_right('abbcd', 'b'))
print(bisect.bisect_left(['apple', 'banana', 'cherry'], 'blueberry'))
print(bisect.bisect_left([[1, 2], [1, 3], [2, 0]], [1, 3]), bisect.bisect_right([(1, 'a'), (1, 'b')], (1, 'a')))
print(bisect.bisect_left([10**50, 10**60], 10**55), bisect.bisect_left([False, True], True))
nan = float('nan')
print(bisect.bisect_left([1.0, 2.0], nan), bisect.bisect_right([1.0, 2.0], nan))
print(bisect.bisect_left(range(2**40), 2**39))
