a = (b := 2) + 1
print(a, b)
print((c := 10), c * 2)
values = [(x := 5), x + 1, (x := x * 10), x]
print(values, x)
def f():
    if (y := 3) > 2:
        return y * 2
print(f())
print([total := 1, total + 1])
