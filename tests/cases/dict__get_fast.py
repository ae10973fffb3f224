# d.get with the keys the call fast path answers (str, int) and the others.
d = {"a": 1, 2: "two", 1: "one", (1, 2): "pair", None: "none"}
print(d.get("a"), d.get("b"), d.get("b", 0), d.get(2), d.get(3, "x"))
print(d.get(True), d.get(1.0), d.get((1, 2)), d.get(None), d.get(2.0, "f"))
counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts)


class Key:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return hash(self.k)

    def __eq__(self, other):
        return self.k == other


print(d.get(Key("a")), d.get(Key(2), "miss"))
try:
    d.get([1])
except TypeError:
    print("TypeError for a list key")
try:
    d.get()
except TypeError as e:
    print("TypeError:", e)
try:
    d.get("a", 1, 2)
except TypeError as e:
    print("TypeError:", e)
print({}.get("k", []), dict(x=1).get("x"))
