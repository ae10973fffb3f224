# Concatenations whose intermediate strs only the next + uses (a + b + c,
# "w" + str(i)): the VM frees them at once; every other use of the same
# shapes must keep its objects whole.
syll = ["ka", "lo", "mi", "ne", "su"]
words = [syll[i % 5] + syll[(i // 5) % 5] + syll[(i // 25) % 5] + "!" for i in range(200)]
print(len(words), words[:3], words[-1], len(set(words)))

ids = ["w" + str(i * 7919 % 50021) for i in range(3000)]
print(ids[:4], ids[-1], sum(map(len, ids)))
fl = ["f" + str(i / 4) + "|" + str(-i) for i in range(6)]
print(fl)

# a chain whose pieces are also kept elsewhere
a, b = "left", "right"
ab = a + b
chain = ab + "" + ab
print(ab, chain, a + b + a + b == chain + "" if False else a + b + a + b == chain)
print(a + "" + "" + b, "" + "" + "")

# augmented assignment with str() of a number
s = ""
for i in range(10):
    s += str(i)
    s += str(i * 0.5) + ","
print(s)

# str shadowed by a function that returns one object every time
KEPT = "kept-object"


def str(x):
    return KEPT


t = "a" + str(1)
print(t, KEPT, "b" + str(2) + str(3), KEPT)
del str
print("x" + str(12) + str(3.5))


# a user __radd__ that keeps its left operand
class Keeper:
    kept = []

    def __radd__(self, other):
        Keeper.kept.append(other)
        return "<" + other + ">"


k = Keeper()
r1 = "p" + "q" + k
r2 = "x" + str(99) + k
print(r1, r2, Keeper.kept)
print([s + "!" for s in Keeper.kept])

# errors in the middle of a chain
for bad in [1, None, [2]]:
    try:
        print("a" + "b" + bad + "c")
    except TypeError as e:
        print("TypeError:", e)
print("after" + "-" + "errors")

# lists and ints through the same op
print([1] + [2] + [3], 1 + 2 + 3, 1.5 + 2 + 3, (1, 2) + (3,) + ())


# a generator suspended in the middle of a chain
def gen():
    while True:
        got = yield ("<" + (yield "first") + "|" + (yield "second") + ">")
        if got is None:
            return


g = gen()
out = [next(g), g.send("A"), g.send("B")]
print(out)

# many, so collections run between
acc = []
for i in range(30000):
    acc.append("k" + str(i) + "-" + str(i % 7))
print(len(acc), acc[0], acc[12345], acc[-1], len(set(acc)))
