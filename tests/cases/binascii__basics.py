# hexlify, base64, crc32/crc_hqx, uu and quoted-printable
import binascii
print(binascii.hexlify(b'\x01\xab'), binascii.b2a_hex(b'xyz', '-'), binascii.hexlify(b'abcde', b':', 2))
print(binascii.unhexlify('01ab'), binascii.a2b_hex(b'DEAD'), binascii.b2a_base64(b'hi'), binascii.a2b_base64(b'aGk=\n'))
print(binascii.b2a_base64(b'hi', newline=False), binascii.crc32(b'hello'), binascii.crc32(b'lo', binascii.crc32(b'hel')))
print(binascii.crc_hqx(b'123456789', 0), binascii.crc32(b''), binascii.crc32(b'x', -1))
print(binascii.b2a_uu(b'Cat'), binascii.a2b_uu(binascii.b2a_uu(b'uu data')), binascii.b2a_uu(b'', backtick=True))
print(binascii.b2a_qp(b'caf\xe9 = ok \n'), binascii.a2b_qp(b'caf=E9=\n ok'), binascii.b2a_qp(b'a b', header=True))
for f in [lambda: binascii.unhexlify(b'abc'), lambda: binascii.unhexlify(b'xx'), lambda: binascii.a2b_base64(b'abc'),
          lambda: binascii.b2a_uu(b'x' * 50), lambda: binascii.a2b_uu(b'!\x01')]:
    try:
        f()
    except binascii.Error as e:
        print(type(e).__name__, e)
print(issubclass(binascii.Error, ValueError), issubclass(binascii.Incomplete, ValueError))
binascii.unhexlify('0g')
