a = {1, 2, 3, 4}
b = {3, 4, 5}
print(sorted(a | b))
print(sorted(a & b))
print(sorted(a - b), sorted(b - a))
print(sorted(a ^ b))
c = set(a)
c |= {100}
c &= {1, 100, 4}
c -= {4}
c ^= {1, 7}
print(sorted(c))
print(sorted((a | b) - (a & b)) == sorted(a ^ b))
