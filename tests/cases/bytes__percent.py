# printf-style formatting of bytes templates
print(b'%s and %s' % (b'this', bytearray(b'that')), b'%d%%' % 50, b'%5d|%-5d|' % (3, 4))
print(b'%x %X %o %#x %#o' % (255, 255, 8, 255, 8), b'%05.1f|%e|%g' % (3.14159, 1234.5, 0.0001))
print(b'%c%c' % (65, b'B'), b'%r' % 'é', b'%a' % b'x', b'%.2s|' % b'abcdef', b'%(k)s' % {b'k': b'v'})
print(bytearray(b'[%s]') % b'ba', b'%*d|%-*d|' % (4, 1, 4, 2), b'%+d % d' % (5, 5))
for args in [(b'%s', 'str'), (b'%s %s', b'one'), (b'%d', b'x'), (b'%c', 300), (b'%z', 1), (b'x', 1),
             (b'%(a)s', (1,))]:
    try:
        args[0] % args[1]
    except Exception as e:
        print(type(e).__name__, e)
