# find/index/count/startswith/endswith with ranges and int needles
s = b'abracadabra'
print(s.find(b'bra'), s.rfind(b'bra'), s.find(b'x'), s.find(97, 1), s.rfind(ord('c')))
print(s.find(b'a', 4, 8), s.find(b'', 3), s.find(b'', 20), s.rfind(b''), s.rfind(b'a', -3))
print(s.index(b'cad'), s.rindex(b'a'), s.count(b'a'), s.count(b'bra'), s.count(b''), s.count(b'a', 5))
print(s.startswith(b'abr'), s.startswith(b'bra', 1), s.startswith((b'x', b'ab')), s.endswith(b'bra'))
print(s.endswith(b'cad', 0, 7), s.endswith((b'q',)), s.startswith(b'', 11), s.startswith(b'', 12))
ba = bytearray(b'mississippi')
print(ba.find(b'ss'), ba.count(b'ss'), ba.index(b'pp'), ba.rfind(bytearray(b'i')))
for f in [lambda: s.index(b'zz'), lambda: s.find('a'), lambda: s.count(300),
          lambda: s.startswith('a'), lambda: s.endswith(['a']), lambda: s.find(b'a', 'x')]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
s.rindex(b'q')
