# base32 (casefold, map01), base16, base85 and Ascii85
import base64
import binascii
print(base64.b32encode(b'hello'), base64.b32decode(b'nbswy3dp', casefold=True), base64.b32hexencode(b'hello'))
print(base64.b32decode(b'NBSWY3DP'), base64.b32decode(b'0BSWY3DP', map01=b'O'))
print(base64.b16encode(b'\x00\xab'), base64.b16decode(b'00AB'), base64.b16decode(b'00ab', casefold=True))
print(base64.a85encode(b'hello world'), base64.a85encode(b'\x00\x00\x00\x00 '), base64.a85encode(b'    ', foldspaces=True))
print(base64.a85encode(b'hello world', adobe=True), base64.a85decode(b'<~BOu!rD]j7BEbo7~>', adobe=True))
print(base64.a85encode(b'hello world foo', wrapcol=6), base64.b85encode(b'abc', pad=True), base64.z85encode(b'abcd'))
for f in [lambda: base64.b32decode(b'nbswy3dp'), lambda: base64.b32decode(b'ABC'), lambda: base64.b16decode(b'abc'),
          lambda: base64.b16decode(b'GG'), lambda: base64.b85decode(b'|NsC1'), lambda: base64.a85decode(b'!z'),
          lambda: base64.a85decode(b'abc~'), lambda: base64.a85decode(b'x', adobe=True)]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
