a = [1, 2, 3, 2, 1, 2]
print(a.count(2), a.count(5), a.count(1))
print(a.index(2), a.index(2, 2), a.index(1, 1))
a.remove(2)
print(a)
a.remove(2)
print(a)
print([1, 1.0, True].count(1))
print(["a", ["b"]].index(["b"]))
try:
    a.index(42)
except ValueError as e:
    print("ValueError:", "not in list" in str(e))
try:
    a.index(3, 3)
except ValueError as e:
    print("ValueError:", "not in list" in str(e))
