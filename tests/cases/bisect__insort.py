import bisect

a = []
for x in [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]:
    bisect.insort(a, x)
print(a)
b = [1, 3, 5]
print(bisect.insort_left(b, 3), b)
bisect.insort_right(b, 3)
print(b)
bisect.insort(b, 0, 1, 1)
print(b)
bisect.insort(b, 99, 99, 0)
print(b)
c = [1.5, 2.5]
bisect.insort(c, 2)
print(c)
