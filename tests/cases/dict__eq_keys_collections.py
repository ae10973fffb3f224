# User-hashed keys (equal hashes, __eq__ decides) through Counter, dict.update, defaultdict, OrderedDict.move_to_end and ** merges.
from collections import Counter, OrderedDict, defaultdict
class K:
    def __init__(self, x): self.x = x
    def __hash__(self): return 7
    def __eq__(self, o): return isinstance(o, K) and self.x == o.x
    def __repr__(self): return f'K({self.x})'
c = Counter([K(1), K(1), K(2)])
print(sorted(c.values()), len(c))
c.update({K(2): 5})
print(c[K(2)], len(c))
d = {}
d.update({K(1): 'a'})
d.update({K(1): 'b', K(3): 'c'})
print(d)
dd = defaultdict(list)
dd[K(1)].append(1); dd[K(1)].append(2)
print(dict(dd))
o = OrderedDict([(K(1), 1), (K(2), 2)])
o.move_to_end(K(1))
print(list(o))
print({**{K(1): 1}, **{K(1): 2}})
