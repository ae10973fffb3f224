t = (1, 2, 2, 3, 2, "a", "a")
print(t.count(2), t.count("a"), t.count(99))
print(t.index(2), t.index(2, 2), t.index("a"), t.index(2, 3, 5))
print((1, 1.0, True).count(1))
try:
    t.index(99)
except ValueError as e:
    print("ValueError:", e)
