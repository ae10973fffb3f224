a = {1, 2}
b = {1, 2, 3}
print(a <= b, a < b, b <= b, b < b)
print(b >= a, b > a, a >= b)
print(a.issubset(b), b.issubset(a), a.issubset([1, 2, 5]))
print(b.issuperset(a), b.issuperset([1, 9]))
print(a.isdisjoint({3, 4}), a.isdisjoint([2]))
print(set() <= a, set() < set(), a == {2, 1}, a != b)
