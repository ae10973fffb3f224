import io

s = io.StringIO()
print(s.write('hello\n'), s.write('world\n'))
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read()))
print(repr(s.read()), s.tell())
s.seek(0)
print(s.readlines())
s.seek(0)
print(list(s))
s.seek(2)
s.write('XY')
print(repr(s.getvalue()))
s.seek(20)
s.write('z')
print(repr(s.getvalue()))
print(s.truncate(5), repr(s.getvalue()), s.tell())

f = io.StringIO('a\nb\nc')
for line in f:
    print(repr(line))
print(f.readable(), f.writable(), f.seekable(), f.closed)
f.close()
print(f.closed)

with io.StringIO('ctx') as g:
    print(g.read())
print(g.closed)

# newline handling
print(repr(io.StringIO('a\r\nb\rc\n', newline=None).getvalue()))
print(io.StringIO('a\r\nb\rc\n', newline='').readlines())
print(io.StringIO('a\r\nb\rc\n').readlines())
print(repr(io.StringIO('a\nb', newline='\r\n').getvalue()))
print(io.StringIO('a\rb\rc', newline='\r').readlines())
print(io.StringIO('line1\nline2\nline3').readline(3))
print(io.StringIO('abcdef').read(2))
print(io.StringIO('a\nbb\nccc\n').readlines(3))

s = io.StringIO()
s.writelines(['x', 'y', 'z'])
print(s.getvalue())
print(type(s).__name__, isinstance(s, io.StringIO), isinstance(1, io.StringIO))
print(str(type(s)))

def attempt(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)

closed = io.StringIO('x')
closed.close()
attempt(lambda: closed.read())
attempt(lambda: closed.write('a'))
attempt(lambda: closed.getvalue())
attempt(lambda: next(closed))
attempt(lambda: iter(closed))
s = io.StringIO()
attempt(lambda: s.write(1))
attempt(lambda: s.read('x'))
attempt(lambda: s.seek(-1))
attempt(lambda: s.seek(1, 1))
attempt(lambda: s.seek(0, 3))
attempt(lambda: s.truncate(-1))
attempt(lambda: io.StringIO(1))
attempt(lambda: io.StringIO('', newline='x'))
attempt(lambda: io.StringIO('', newline=1))
attempt(lambda: s.seek(0, 2))
attempt(lambda: next(io.StringIO('')))
