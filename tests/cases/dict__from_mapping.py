# dict(m) and dict.update(m) of a mapping that is not a dict: m[k] for
# each of m.keys(), as CPython.
class M:
    def keys(self):
        return ["a", "b"]
    def __getitem__(self, k):
        return k * 2
print(dict(M()), {**dict(M())})
d = {}
d.update(M())
print(d)
