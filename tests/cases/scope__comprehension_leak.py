x = "outer"
squares = [x * x for x in range(4)]
print(squares, x)
for y in range(3):
    pass
print(y)
total = 10
vals = [total + i for i in range(3)]
print(vals)
d = {k: v for k, v in [("a", 1)]}
print(d)
try:
    print(k)
except NameError as e:
    print("NameError:", e)
