# set algebra between sets reuses the stored hashes: no __hash__ runs
calls = []


class Counted:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        calls.append(self.n)
        return self.n

    def __eq__(self, other):
        return isinstance(other, Counted) and self.n == other.n


a = {Counted(1), Counted(2)}
b = {Counted(2), Counted(3)}
calls.clear()
print(len(a - b), len(a & b), len(a | b), len(a ^ b), calls)
print(a.issubset(b), a.isdisjoint(b), a.issuperset(b), a == b, a <= b, calls)
print(len(set(a)), len(frozenset(a)), len(frozenset(a) - b), len(set(frozenset(a))), calls)
print(len(set({Counted(5): 1})), calls)
calls.clear()
print(len(set({Counted(6): 1}.keys())), calls)
calls.clear()
print(len(a.difference(list(b))), calls)
