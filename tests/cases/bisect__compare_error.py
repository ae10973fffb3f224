import bisect

data = [1, 2, 3]
print(bisect.bisect_left(data, 2))
bisect.bisect_left(data, 'x')
