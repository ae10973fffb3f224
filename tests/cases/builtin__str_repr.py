for v in [42, -1.5, "text", "quo'te", None, True, [1, "a"], (2,), {"k": None}, 1e-7, "", "\\"]:
    print(str(v), repr(v), sep="  ~  ")
print(repr(repr("x")), str(str("y")))
print(repr([["nested", ("t",)], {"d": {"e": []}}]))
print(repr(range(3)), repr(range(1, 9, 2)))
