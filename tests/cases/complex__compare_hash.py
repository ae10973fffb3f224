# Equality with numbers, refused ordering, hashing and use as keys
inf, nan = float('inf'), float('nan')
print(1j == 1j, 1j != 2, 1 + 0j == 1, 1 == 1 + 0j, 1.5 + 0j == 1.5, True == 1 + 0j)
print(complex(-0.0, 0) == 0, 10**30 + 0j == 10**30, 2**53 + 0j == 2**53)
print(complex(nan, 0) == complex(nan, 0), 1j != 'a', 1j == 'a', 1j == None, [1j] == [1j])
print(1 + 2j == (1 + 2j), (1, 1j) == (1, 1j), {1j: 1} == {1j: 1})
for f in [lambda: 1 < 1j, lambda: 1j < 1, lambda: 1j < 1j, lambda: 1j <= 1j,
          lambda: 1.5 > 1j, lambda: 1j >= 'a', lambda: sorted([1j, 2j]),
          lambda: max(1j, 2j), lambda: min([1j, 0])]:
    try:
        f()
    except TypeError as e:
        print('TypeError', e)
print(hash(1 + 0j) == hash(1), hash(1.5 + 0j) == hash(1.5), hash(1 + 2j), hash(1 - 2j))
print(hash(complex(1.5, 2.5)), hash(complex(0, -1)), hash(complex(inf, -inf)), hash(-1 + 0j))
print(hash(complex(-0.0, 3)) == hash(complex(0.0, 3)), hash(1e-300j), hash(complex(2**60, 2**61)))
print(hash(1.5), hash(-2.25), hash(2**61), hash(-(2**61) - 5), hash(2**100), hash(1e300), hash(-inf))
print({1 + 0j: 1}[1], {1: 1}[1 + 0j], {1j: 'a', 2j: 'b'}[2j], {1.5: 'x'}[1.5 + 0j])
print(1j in [1j], 1j in {1j}, {1j, 1j}, {1, 1 + 0j, 1.0}, {complex(-0.0, 1), complex(0.0, 1)})
print([1j].index(1j), [1j, 1j, 2j].count(1j), (1j, 2).index(2))
d = {}
for k in [1j, 1 + 0j, 1, 2j, complex(0, 2)]:
    d[k] = d.get(k, 0) + 1
print(d)
