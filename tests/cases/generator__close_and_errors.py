def g2():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")

x = g2()
print(next(x))
x.close()

def bad():
    yield 1
    raise StopIteration

try:
    list(bad())
except RuntimeError as err:
    print("RuntimeError:", err)

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

out = []
for f in fib():
    if f > 50:
        break
    out.append(f)
print(out)
