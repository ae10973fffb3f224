# bytes() and bytearray() from every kind of source
print(bytes(), bytes(4), bytes([65, 66, 67]), bytes((0, 255)), bytes(range(97, 100)))
print(bytes(b'copy'), bytes(bytearray(b'ba')), bytes('héllo', 'utf-8'), bytes('abc', 'ascii'))
print(bytes('é€', 'latin-1', 'replace'), bytes(source=b'kw'), bytes('x', encoding='utf-8'))
print(bytearray(), bytearray(3), bytearray([1, 2]), bytearray('ü', 'utf-8'), bytearray(b'ab'))
print(bytes(x * 2 for x in range(5)), bytes({7}), bytes(True), bytes(False))
print(bytes.fromhex('de ad BE EF'), bytearray.fromhex('00ff'), b'x'.fromhex('41'))
b = b'same'
print(bytes(b) is b, bytearray(b) is b)
for args in [(-1,), ([256],), ([-1],), (['a'],), (1.5,), (None,), ('text',), (1, 'utf-8'),
             ('x', 'no-such-codec'), ('x', 1), (b'x', 'utf-8', 'strict')]:
    try:
        bytes(*args)
    except Exception as e:
        print(type(e).__name__, e)
try:
    bytearray(2.5)
except TypeError as e:
    print(e)
