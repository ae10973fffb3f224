# method lookup on instances and the type, bound methods, dir-like checks
b = b'data'
m = b.upper
print(m(), callable(m), hasattr(b, 'decode'), hasattr(b, 'append'), hasattr(bytearray(), 'append'))
print(getattr(b, 'hex')(), bytes.fromhex('6869'), bytearray.fromhex('6869'))
print(bytes.maketrans(b'a', b'b')[97], len(bytes.maketrans(b'', b'')))
print(sorted([b'b', b'A', b'a'], key=bytes.lower), bytes.upper(b'x'), bytearray.hex(bytearray(b'\x01')))
print(bytes.upper, bytearray.append)
try:
    bytes.upper('text')
except TypeError as e:
    print(e)
print(int(b'42'), int(b' 7 '), int(bytearray(b'ff'), 16), float(b'1.5'), ord(b'a'), ord(bytearray(b'\xff')))
for f in [lambda: int(b'x'), lambda: float(b'y'), lambda: ord(b'ab')]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    b.append(1)
except AttributeError as e:
    print(e)
try:
    bytes.nonexistent
except AttributeError as e:
    print(e)
b.nosuchmethod()
