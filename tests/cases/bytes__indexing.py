# indexing, slicing and iteration yield ints and same-type slices
b = b'hello world'
print(b[0], b[-1], b[4], type(b[0]).__name__)
print(b[:5], b[6:], b[::2], b[::-1], b[-5:-1], b[100:], b[3:1])
ba = bytearray(b)
print(ba[1], ba[1:4], ba[::-3])
print(list(b'abc'), [c for c in bytearray(b'xy')], list(reversed(b'abc')))
print(sum(b'\x01\x02\x03'), max(b'azb'), min(b'azb'), sorted(b'cab'))
print(dict(enumerate(b'hi')), list(zip(b'ab', b'cd')))
a, *rest = b'xyz'
print(a, rest)
for bad in [11, -12]:
    try:
        b[bad]
    except IndexError as e:
        print('IndexError', e)
try:
    ba[20]
except IndexError as e:
    print('IndexError', e)
try:
    b['x']
except TypeError as e:
    print(e)
b[1.5]
