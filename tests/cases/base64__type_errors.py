# wrong input types get CPython's messages; the last one is uncaught
import base64
import binascii
for f in [lambda: base64.b64encode('text'), lambda: base64.b64decode(12), lambda: base64.b64decode('ça'),
          lambda: base64.b32encode('x'), lambda: base64.b16encode([1]), lambda: base64.encodebytes('x'),
          lambda: base64.b64encode(b'x', altchars=b'-'), lambda: base64.b64encode(b'x', b'a', b'b')]:
    try:
        f()
    except (TypeError, ValueError, AssertionError) as e:
        print(type(e).__name__, e)
print(base64.b64decode(b'####'))
binascii.a2b_base64(b'abc')
