# hex() and fromhex() round trips and separators
b = bytes(range(0, 256, 37))
print(b.hex(), b.hex(':'), b.hex('-', 2), b.hex(' ', -2), b.hex(b'|', 3), bytearray(b'\x01\xab').hex())
print(bytes.fromhex(b.hex()) == b, bytes.fromhex(' 0a 0B\t0c\n'), bytearray.fromhex(''))
print(b''.hex(), b'\x00'.hex(':'), b'abcdef'.hex(':', 10))
for f in [lambda: b'ab'.hex('::'), lambda: b'ab'.hex(''), lambda: b'ab'.hex('é'), lambda: b'ab'.hex(5),
          lambda: bytes.fromhex('zz'), lambda: bytes.fromhex('a b'),
          lambda: bytes.fromhex(b'00')]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
