d = {1: "int", 1.0: "float", True: "bool"}
print(d)
d2 = {}
d2[0] = "zero"
d2[False] = "false"
d2[0.0] = "zero float"
print(d2, len(d2))
mixed = {None: "none", (1, 2): "tuple", "s": "str", -5: "neg", 2.5: "float"}
print(mixed[None], mixed[(1, 2)], mixed[-5], mixed[2.5])
print(mixed)
print({2 ** 100: "big"}[2 ** 100])
print(1 in {1.0: "x"}, 2.0 in {2: "y"})
