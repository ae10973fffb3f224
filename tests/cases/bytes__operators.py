# + * comparisons, in, hashing, truthiness
a, b = b'abc', bytearray(b'abd')
print(a + b, b + a, a * 2, 3 * a, a * 0, a * -1, b * 2)
print(a == b'abc', a == bytearray(b'abc'), a != b, a == 'abc', a < b, b > a, a <= a)
print(b'' < b'\x00', b'ab' < b'abc', b'b' > b'abc', sorted([b'b', b'', b'ab', b'a']))
print(b'b' in a, b'bc' in a, 98 in a, b'' in a, 255 in a, b'ac' not in a)
print(bool(b''), bool(b'\x00'), bool(bytearray()), len(a), len(bytearray(5)))
print(hash(b'abc') == hash(b'abc'), {b'k': 1}[b'k'], b'k' in {b'k'}, {b'a': 1, 'a': 2})
print({b'x', b'x', bytes(b'x')}, len({b'a', 'a'}))
x = b'ab'
x += b'cd'
x *= 2
print(x)
checks = [lambda: a + 'x', lambda: 'x' + a, lambda: a * 1.5, lambda: a < 'b', lambda: 'a' in a,
          lambda: 300 in a, lambda: hash(b), lambda: a - a, lambda: b + 1]
for f in checks:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
