value = 3.14159
for width in (6, 10):
    for prec in (1, 3):
        print(f"|{value:{width}.{prec}f}|")
w = 8
print(f"|{'hi':{w}}|{'hi':>{w}}|{42:^{w}}|")
fill = "*"
align = "^"
print(f"|{'mid':{fill}{align}{w}}|")
spec = ".2e"
print(f"{12345.678:{spec}}")
rows = [("apple", 1.5), ("kiwi", 12.25)]
width = max([len(r[0]) for r in rows])
for name, price in rows:
    print(f"{name:<{width}} {price:>6.2f}")
