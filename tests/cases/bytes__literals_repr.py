# repr of bytes and bytearray, including quotes and escapes
values = [b'', b'abc', b"it's", b'say "hi"', b'both \' and "', b'\x00\x7f\x80\xff',
          b'tab\there', b'line\nbreak\r', b'back\\slash', bytes(range(30, 40))]
for v in values:
    print(repr(v), str(v), len(v))
print(bytearray(b'xyz'), repr(bytearray()), str(bytearray(b"'")))
print([b'a', bytearray(b'b')], (b'x',), {b'k': b'v'})
print(f'{b"fmt"}', f'{b"fmt"!r}', '%s|%r' % (b'p', b'q'))
print(type(b''), type(bytearray()), type(b'') is bytes, isinstance(bytearray(), bytearray))
print(isinstance(b'', (str, bytes)), bytes.__name__, bytearray.__name__)
