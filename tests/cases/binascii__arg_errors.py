# Argument errors of natives declared with native!: Argument Clinic's and
# Python functions' messages, positional-only and keyword-only parameters.
import binascii, random
for f in [lambda: binascii.hexlify(), lambda: binascii.b2a_hex(b'a', b'-', 1, 2), lambda: binascii.hexlify(b'ab', data=b'x'),
          lambda: binascii.b2a_base64(b'a', b'b'), lambda: binascii.b2a_base64(b'ab', newline=False, x=1), lambda: binascii.a2b_base64(),
          lambda: binascii.a2b_base64(data=b'x'), lambda: binascii.a2b_base64(b'x', data=1), lambda: binascii.b2a_uu(), lambda: binascii.b2a_uu(b'a', b'b'),
          lambda: binascii.b2a_uu(b'a', backtick=1, x=2), lambda: binascii.hexlify(data=b'a', x=1, y=2, z=3), lambda: binascii.b2a_uu(b'abc', backtick=True),
          lambda: random.seed(1, 2, 3), lambda: random.getstate(1), lambda: random.setstate(), lambda: random.Random().seed(x=1)]:
    try:
        print(repr(f()))
    except TypeError as e:
        print("TypeError:", e)
print(binascii.hexlify(b'abc', b'-', 1), binascii.b2a_base64(b'ab', newline=False), binascii.a2b_base64(b'YWI=', strict_mode=True))
random.seed(5); s = random.getstate(); a = random.random(); random.setstate(s); print(a == random.random())
