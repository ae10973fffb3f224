# open(): argument checks, modes, the errors of reading and writing in the
# wrong mode (io.UnsupportedOperation), seek/tell, closed files.
import io
import os

os.mkdir('oe')
with open('oe/s.txt', 'w') as f:
    f.write('hello world')


def attempt(label, fn, *args):
    try:
        r = fn(*args)
        print(label, '->', repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)


for mode in ['', 'b', 't', 'bt', 'rw', 'rwb', 'wx+', 'r++', 'z', 'rr', 'U']:
    attempt('mode ' + repr(mode), open, 'oe/s.txt', mode)
for bad in [42, None, b'r']:
    attempt('mode type', open, 'oe/s.txt', bad)
attempt('encoding type', lambda: open('oe/s.txt', encoding=123))
attempt('errors type', lambda: open('oe/s.txt', errors=1.5))
attempt('newline type', lambda: open('oe/s.txt', newline=1))
attempt('newline value', lambda: open('oe/s.txt', newline='x'))
attempt('newline missing', lambda: open('oe/missing.txt', newline='x'))
attempt('newline created', lambda: open('oe/created.txt', 'w', newline='x'))
print(os.path.exists('oe/created.txt'))
attempt('binary newline', lambda: open('oe/s.txt', 'rb', newline=''))
attempt('binary encoding', lambda: open('oe/s.txt', 'rb', encoding='utf-8'))

print(issubclass(io.UnsupportedOperation, OSError), issubclass(io.UnsupportedOperation, ValueError))
print(io.UnsupportedOperation.__mro__)

for mode in ['r', 'w', 'rb', 'wb', 'r+b']:
    for name, args in [('read', ()), ('readline', ()), ('readlines', ()), ('write', ('x',)), ('write', (b'x',)),
                       ('writelines', (['x'],)), ('truncate', ()), ('__next__', ()), ('seek', (0,)), ('tell', ())]:
        f = open('oe/s.txt', mode)
        attempt(f'{mode} {name}{args}', getattr(f, name), *args)
        f.close()
    with open('oe/s.txt', 'w') as f:
        f.write('hello world')

try:
    open('oe/s.txt').write('x')
except io.UnsupportedOperation as e:
    print(type(e), e.args, e.errno)

for mode in ['r', 'rb', 'wb', 'r+b']:
    for args in [(-1,), (0, 99), (0, -1), (1, 1), (-1, 2), (0, 2), (3,), (1, 1.5), ('x',), (2**70,)]:
        f = open('oe/s.txt', mode)
        if 'w' in mode:
            f.write(b'hello world')
        attempt(f'{mode} seek{args}', f.seek, *args)
        f.close()
    with open('oe/s.txt', 'w') as f:
        f.write('hello world')

for mode in ['r', 'w', 'rb', 'wb']:
    f = open('oe/s.txt', mode)
    f.close()
    for name, args in [('read', ()), ('readline', ()), ('write', ('x' if 'b' not in mode else b'x',)), ('seek', (0,)),
                       ('tell', ()), ('seekable', ()), ('isatty', ()), ('flush', ()),
                       ('truncate', ()), ('__next__', ()), ('__iter__', ()), ('close', ())]:
        attempt(f'closed {mode} {name}', getattr(f, name), *args)
    with open('oe/s.txt', 'w') as f:
        f.write('hello world')

# text positions are byte offsets
with open('oe/u.txt', 'w', encoding='utf-8') as f:
    print(f.write('aβc\n'), f.tell())
with open('oe/u.txt', encoding='utf-8') as f:
    print(repr(f.read(2)), f.tell())
    c = f.tell()
    print(repr(f.read()), f.tell(), f.seek(c), repr(f.read(1)))
    print(f.seek(100), repr(f.read()), f.tell(), f.seek(0, 2), f.seek(0, 1))
with open('oe/u.txt', 'rb') as f:
    print(f.read(2), f.tell(), f.seek(-2, 2), f.read(), f.seek(100), f.read(), f.tell())
for name in ['read', 'readline', 'readlines']:
    attempt('text ' + name, getattr(open('oe/s.txt'), name), '5')
    attempt('binary ' + name, getattr(open('oe/s.txt', 'rb'), name), '5')
attempt('text write bytes', open('oe/w.txt', 'w').write, b'x')
attempt('binary write str', open('oe/w.txt', 'wb').write, 'x')
f = open('oe/w.txt', 'w')
f.close()
attempt('closed write bytes', f.write, b'x')
print(hasattr(open('oe/s.txt', 'rb'), 'read1'), hasattr(open('oe/s.txt'), 'read1'))
print(open('oe/s.txt', 'rb').read1(3))
f = open('oe/wl.txt', 'w')
for lines in [[b'x'], ['a', 1], 5, ['b', 'c']]:
    attempt('text writelines', f.writelines, lines)
f.close()
print(repr(open('oe/wl.txt').read()))
for lines in [['x'], 5]:
    attempt('binary writelines', open('oe/wl.bin', 'wb').writelines, lines)
