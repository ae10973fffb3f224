import copy
lst = [[1, 2], {"k": [3]}, "s"]
c = copy.copy(lst)
print(c == lst, c is lst, c[0] is lst[0], c[1] is lst[1])
c[0].append(99)
print(lst)
d = {"a": [1], "b": (2, [3])}
dc = copy.copy(d)
print(dc == d, dc is d, dc["a"] is d["a"])
s = {1, 2, 3}
sc = copy.copy(s)
print(sc == s, sc is s)
t = (1, [2])
print(copy.copy(t) is t, copy.copy("str") == "str", copy.copy(5) == 5, copy.copy(None) is None)
fs = frozenset([1, 2])
print(copy.copy(fs) is fs)
r = range(5)
print(copy.copy(r) is r)
