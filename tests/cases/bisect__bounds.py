import bisect

a = [i // 3 for i in range(15)]
print(a)
for lo, hi in [(0, None), (2, 9), (5, 5), (7, 3), (0, 1), (10, -1)]:
    print(lo, hi, bisect.bisect_left(a, 2, lo, hi), bisect.bisect_right(a, 2, lo, hi))
print(bisect.bisect_left(a=a, x=3, lo=1, hi=12), bisect.bisect_right(a, 3, hi=None))
print(bisect.bisect_left([], 1, 5, 0))
