def count(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "done"

print(list(count(4)), sum(x * x for x in range(10)), max(len(w) for w in ["a", "abc"]))
for v in count(3):
    print("v", v)
g = count(2)
print(next(g), next(g), next(g, "end"))

def echo():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x

e = echo()
print(next(e), e.send(5), e.send(10))

def chain(*its):
    for it in its:
        yield from it

print(list(chain([1, 2], (3,), range(4, 6))))
gen = (i for i in range(3))
print(type(gen).__name__, list(gen), list(gen))
print(", ".join(str(i) for i in range(4)), dict((k, k * 2) for k in "ab"), any(x > 3 for x in [1, 5]))
