# Ranges with i64 extremes (lengths beyond i64), hashing and list slice
# assignment details.
r = range(-(2**63), 2**63 - 1)
print(r[0], r[-1], r[2**62], range(-(2**63), 2**63 - 1, 2**63 - 1)[2])
print(100 in range(-(2**63), 2**63 - 1, 3), 101 in range(-(2**63), 2**63 - 1, 3))
print(hash(range(10)) == hash(range(10)), hash(range(0)) == hash(range(5, 5)),
      hash(range(1, 2)) == hash(range(1, 5, 7)), hash(range(10)) == hash(range(11)))
print({range(3): 'a'}[range(0, 3)], range(0) in {range(2, 2)}, (3, 0, 1) in {range(3): 1})
print(id(1.0) != id(2.0), id(1.5) == id(1.5))


class Replacement:
    def __iter__(self):
        a[:] = [0, 1]
        return iter([9])


a = [0, 1, 2, 3]
a[1:] = Replacement()
print(a)
try:
    a[::0] = []
except ValueError as e:
    print('ValueError', e)
