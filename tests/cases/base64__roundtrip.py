# encode/decode round trips over several alphabets
import base64
samples = [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(256))]
for s in samples[:7]:
    print(s, base64.b64encode(s), base64.b32encode(s), base64.b16encode(s), base64.b85encode(s))
for s in samples:
    assert base64.b64decode(base64.b64encode(s)) == s
    assert base64.urlsafe_b64decode(base64.urlsafe_b64encode(s)) == s
    assert base64.b32decode(base64.b32encode(s)) == s
    assert base64.b32hexdecode(base64.b32hexencode(s)) == s
    assert base64.b16decode(base64.b16encode(s)) == s
    assert base64.b85decode(base64.b85encode(s)) == s
    assert base64.a85decode(base64.a85encode(s)) == s
    assert base64.z85decode(base64.z85encode(s)) == s
print('all round trips ok')
print(base64.b64encode(b'\xfb\xff\xfe'), base64.urlsafe_b64encode(b'\xfb\xff\xfe'))
print(base64.standard_b64encode(b'std'), base64.standard_b64decode('c3Rk'), base64.b64decode('c3Rk'))
print(base64.b64encode(b'\xfb\xff', altchars=b'._'), base64.b64decode(b'._8=', altchars=b'._'))
