# The classes of file objects: type(), isinstance against the io classes, repr.
# (no repr of a file opened without an encoding: CPython shows the locale's,
# 'UTF-8' on a UTF-8 locale, 'utf-8' under -X utf8, which the expected output uses)
import io
import os

os.mkdir('ft')
with open('ft/a.txt', 'w', encoding='utf-8') as f:
    f.write('x,y\n')
    print(type(f), type(f).__name__, f)
    print(isinstance(f, io.TextIOWrapper), isinstance(f, io.TextIOBase), isinstance(f, io.IOBase))
    print(isinstance(f, io.BufferedIOBase), isinstance(f, io.StringIO))

for mode in ['r', 'rt', 'r+', 'w+', 'a', 'x']:
    if mode == 'x':
        os.remove('ft/a.txt')
    f = open('ft/a.txt', mode, encoding='UTF-8')
    print(mode, type(f).__name__, repr(f))
    f.close()

f = open('ft/a.txt', encoding='latin-1')
print(repr(f), f.encoding)
f.close()
f = open('ft/a.txt', encoding='utf8')
print(repr(f), f.encoding)
f.close()

for mode in ['rb', 'wb', 'ab', 'r+b', 'w+b', 'a+b', 'xb']:
    if mode == 'xb':
        os.remove('ft/a.txt')
    f = open('ft/a.txt', mode)
    print(mode, type(f), repr(f))
    print(isinstance(f, io.BufferedIOBase), isinstance(f, io.TextIOBase), isinstance(f, io.IOBase))
    print(isinstance(f, io.BufferedReader), isinstance(f, io.BufferedWriter), isinstance(f, io.BufferedRandom))
    f.close()

print(repr(f))
print(io.TextIOWrapper, io.BufferedReader, io.BufferedWriter, io.BufferedRandom)
print(io.IOBase, io.TextIOBase, io.BufferedIOBase, io.RawIOBase)
print(io.TextIOWrapper.__name__, io.BufferedReader.__name__)
print(type(f) is io.BufferedWriter, type(open('ft/a.txt')) is io.TextIOWrapper)
print(isinstance(io.StringIO(), io.TextIOBase), isinstance(io.BytesIO(), io.BufferedIOBase))
print(isinstance(io.StringIO(), io.IOBase), isinstance(io.BytesIO(), io.TextIOBase))
print(isinstance(1, io.IOBase), isinstance('x', io.TextIOWrapper))
print(io.open is open)

# a TextIOWrapper over a BytesIO
w = io.TextIOWrapper(io.BytesIO(b'a,b\nc,d\n'), encoding='utf-8')
print(type(w).__name__, w.read(), repr(w.readline()))
import csv
print(list(csv.reader(io.TextIOWrapper(io.BytesIO('é,1\r\n'.encode()), encoding='utf-8', newline=''))))
for line in io.TextIOWrapper(io.BytesIO(b'one\ntwo')):
    print(repr(line))
buf = io.BytesIO()
w = io.TextIOWrapper(buf, encoding='utf-8')
w.write('héllo\n')
w.flush()
print(buf.getvalue())
try:
    io.TextIOWrapper('text')
except Exception as e:
    print(type(e).__name__, e)
print(issubclass(io.TextIOWrapper, io.IOBase), issubclass(io.BufferedReader, io.TextIOBase),
      issubclass(io.StringIO, io.TextIOBase), issubclass(io.BufferedRandom, io.BufferedIOBase))
print(io.TextIOWrapper.__module__, type(open('ft/a.txt', 'rb')).__module__)
try:
    open('ft/a.txt').write('a')
except io.UnsupportedOperation as e:
    print(repr(e), type(e).__module__)

from pathlib import Path
for fn in [lambda: Path('ft/a.txt').open(mode=1), lambda: Path('ft/a.txt').open(encoding=1),
           lambda: Path('ft/a.txt').read_text(errors=1), lambda: Path('ft/a.txt').write_text('x', newline=1),
           lambda: Path('ft/a.txt').write_bytes(123), lambda: Path('ft/a.txt').write_bytes('s')]:
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, e)
b = io.BytesIO()
w = io.TextIOWrapper(b, encoding='utf-8')
print(w.buffer is b, repr(w))
w.close()
print(b.closed)
