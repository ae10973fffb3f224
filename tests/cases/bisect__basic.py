import bisect

a = [1, 2, 2, 2, 3, 5, 8]
for x in [0, 1, 2, 3, 4, 8, 9]:
    print(x, bisect.bisect_left(a, x), bisect.bisect_right(a, x), bisect.bisect(a, x))
print(bisect.bisect is bisect.bisect_right, bisect.insort is bisect.insort_right)
print(bisect.bisect_left.__name__, bisect.bisect.__name__)
