# split, rsplit, splitlines, partition, join
print(b'a,b,,c'.split(b','), b'a,b,,c'.split(b',', 1), b'a,b,,c'.rsplit(b',', 1))
print(b'  one two\tthree\n'.split(), b'  one two  '.split(None, 1), b' a b c '.rsplit(maxsplit=1))
print(b''.split(), b''.split(b','), b'abc'.split(b'abc'), bytearray(b'x-y').split(b'-'))
print(b'l1\nl2\r\nl3\rl4'.splitlines(), b'a\nb\n'.splitlines(keepends=True), b'\x0bq\x0c'.splitlines())
print(b'key=value=x'.partition(b'='), b'key=value=x'.rpartition(b'='), b'none'.partition(b'='))
print(b'none'.rpartition(b'='), bytearray(b'a:b').partition(b':'))
print(b', '.join([b'a', bytearray(b'b'), b'c']), b''.join([]), bytearray(b'-').join([b'x', b'y']))
print(b'-'.join(x for x in [b'1', b'2']))
for f in [lambda: b'a'.split(b''), lambda: b'a'.split('a'), lambda: b'a'.partition(b''),
          lambda: b'.'.join([b'a', 'b']), lambda: b'.'.join([1])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
