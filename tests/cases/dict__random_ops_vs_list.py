# Random inserts, deletes and popitems on a small key range, checked
# against an association list (small and indexed tables, tombstones).
import random
random.seed(5)
d = {}
ref = []
for step in range(20000):
    k = random.randrange(20 if step % 2 else 6)
    op = random.random()
    if op < 0.5:
        d[k] = step
        for i, (kk, vv) in enumerate(ref):
            if kk == k:
                ref[i] = (k, step)
                break
        else:
            ref.append((k, step))
    elif op < 0.8:
        if k in d:
            del d[k]
            ref = [(a, b) for a, b in ref if a != k]
    elif op < 0.9 and d:
        assert d.popitem() == ref.pop()
    else:
        assert list(d.items()) == ref, (step, d, ref)
    assert len(d) == len(ref)
print("ok", len(d))
