import operator
d = {"a": 1}
operator.setitem(d, "b", 2)
print(d, operator.getitem(d, "a"))
operator.delitem(d, "a")
print(d)
lst = [1, 2, 3, 4]
operator.setitem(lst, slice(0, 2), ["x"])
print(lst, operator.getitem(lst, -1))
acc = []
operator.iadd(acc, [1, 2])
print(acc)
print(operator.iadd(1, 2), operator.imul("ab", 2), operator.ior({1}, {2}))
print(operator.length_hint([1, 2, 3]), operator.length_hint(5, 7))
