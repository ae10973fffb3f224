a = {1, 2, 3}
print(sorted(a.union([3, 4], (5,))))
print(sorted(a.intersection([2, 3, 9])))
print(sorted(a.intersection({2, 3}, [3])))
print(sorted(a.difference([1], {2})))
print(sorted(a.symmetric_difference([3, 4])))
print(sorted(a.union()), len(a.union("ab")))
u = {0}
u.update([1, 2], {3})
u.update("x")
print(len(u), "x" in u)
print(sorted(a))
