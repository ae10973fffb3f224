from collections import defaultdict
class K:
    def __init__(self, x): self.x = x
    def __hash__(self): return 1
    def __eq__(self, o): return isinstance(o, K) and self.x == o.x
    def __repr__(self): return f"K({self.x})"
d = {K(1): 'a', K(2): 'b'}
print(len(d), d)
d[K(1)] = 'c'
print(d, K(2) in d, K(3) in d, d.get(K(2)), d.pop(K(1)), d)
s = {K(1), K(2), K(1)}
print(len(s), K(1) in s, set([K(5), K(5)]), frozenset([K(1), K(1)]))
print({K(1)} == {K(1)}, {K(1)} | {K(1), K(2)}, {K(1), K(2)} & {K(2)}, {K(1), K(2)} - {K(2)})
print(hash(K(1)), hash(1), hash('abc') == hash('abc'))
class M:
    def __hash__(self): return hash(5)
    def __eq__(self, o): return o == 5
print({5: 'five'}[M()], M() in {5}, {5: 1, M(): 2})
print((K(1), 2) in {(K(1), 2)}, {(K(1),): 1}.get((K(1),)))
dd = defaultdict(int); dd[K(1)] += 1; dd[K(1)] += 1; print(dd)
print({K(1): 1} == {K(1): 1})
# equal hash, unequal keys stay distinct; __eq__ runs stored-side first
calls = []
class L:
    def __init__(self, n): self.n = n
    def __hash__(self): return 7
    def __eq__(self, o):
        calls.append(self.n)
        return isinstance(o, L) and o.n == self.n
d = {7: 'int', L('a'): 'a'}
calls.clear()
print(d.get(L('b'), 'miss'), calls)
print({L('x'), L('x'), L('y')} == {L('y'), L('x')})
print({L('x')} <= {L('x'), L('y')}, {L('x')}.isdisjoint({L('y')}))
s = {L('p')}; s |= {L('p'), L('q')}; print(len(s))
# a mutating __eq__ does not crash
D = {}
class C:
    done = False
    def __hash__(self): return 1
    def __eq__(self, o):
        if not C.done:
            C.done = True
            D.clear()
            D.update({i: i for i in range(20)})
        return False
D[C()] = 1
print(C() in D, len(D))
L2 = [1, 2, 3]
class R:
    def __eq__(self, o):
        L2.clear()
        return True
L2.remove(R()); print(L2)
