# method lookup on instances and the type, bound methods, dir-like checks
b = b'data'
m = b.upper
print(m(), callable(m), hasattr(b, 'decode'), hasattr(b, 'append'), hasattr(bytearray(), 'append'))
print(getattr(b, 'hex')(), bytes.fromhex('6869'), bytearray.fromhex('6869'))
print(bytes.maketrans(b'a', b'b')[97], len(bytes.maketrans(b'', b'')))
print(len(dir(b'')) > 40 if False else 'dir skipped')
try:
    b.append(1)
except AttributeError as e:
    print(e)
try:
    bytes.nonexistent
except AttributeError as e:
    print(e)
b.nosuchmethod()
