# Deeply nested frozensets hash at any depth (CPython hashes a frozenset
# from its items' stored hashes); equal ones still find each other.
def nest(n, leaf=1):
    y = frozenset({leaf})
    for _ in range(n):
        y = frozenset({y})
    return y


a = nest(10000)
print(type(hash(a)), hash(a) == hash(a))
s = {a}
print(a in s, len(s), {a: 'x'}[a])
print(nest(10000, leaf=2) in s)
for n in [498, 499, 500, 501, 502, 600, 650]:
    p, q = nest(n), nest(n)
    print(n, len({p, q}), len({p, q, nest(n, 3)}), hash(p) == hash(q), p == q)
    print(len({(p,), (q,)}), {(p, 1): 1}.get((q, 1)), p in {q}, frozenset({p}) == frozenset({q}))
# shallow frozensets
print(len({frozenset({1, 2}), frozenset({2, 1})}))
print({frozenset({1, 2}): 'a'}[frozenset([2, 1])])
print(frozenset({frozenset({1})}) == frozenset({frozenset({1})}))
print(hash(frozenset()) == hash(frozenset([])))
# items with equal hashes (hash(-1) == hash(-2)) in either order
a, b = frozenset([-1, -2]), frozenset([-2, -1])
print(a == b, hash(a) == hash(b), len({a, b}), {a: 1}.get(b))
print(len({frozenset([-1, -2, 5]), frozenset([5, -2, -1]), frozenset([-2, 5, -1])}))
