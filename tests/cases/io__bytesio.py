import io

b = io.BytesIO()
print(b.write(b'abc\n'), b.write(bytearray(b'def')))
print(b.getvalue(), b.tell())
b.seek(0)
print(b.read(2), b.read(), b.read())
b.seek(0)
print(b.readline(), b.readlines())
b.seek(0)
print(list(b))
print(b.seek(-2, 2), b.read())
print(b.seek(-100, 1))
b.seek(10)
b.write(b'z')
print(b.getvalue())
print(b.truncate(3), b.getvalue())

with io.BytesIO(b'x\ny') as f:
    for line in f:
        print(line)
print(f.closed)

def attempt(fn):
    try:
        print(repr(fn()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

attempt(lambda: io.BytesIO('text'))
attempt(lambda: io.BytesIO().write('text'))
attempt(lambda: io.BytesIO().seek(-1))
attempt(lambda: io.BytesIO().seek(0, 5))
attempt(lambda: f.read())
attempt(lambda: next(f))
print(type(io.BytesIO()).__name__, str(type(io.BytesIO())))
