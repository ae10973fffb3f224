# the default decoder skips characters outside the alphabet
import base64
import binascii
print(base64.b64decode(b'aGVs\nbG8='), base64.b64decode('aGVs bG8='), base64.b64decode(b'aGVsbG8=!!'))
print(base64.b64decode(b'aGVsbG8==='), base64.b64decode(b'aGVsbA=='), base64.b64decode(b''))
print(base64.b64decode(b'aGVsbG8', validate=False) if False else 'skip', base64.b64decode(b'YWJj', validate=True))
print(base64.decodebytes(base64.encodebytes(b'x' * 100)) == b'x' * 100, base64.encodebytes(b'hi'))
print(base64.MAXLINESIZE, base64.MAXBINSIZE)
for bad in [b'aGVsbG8', b'a', b'abcde']:
    try:
        base64.b64decode(bad)
    except binascii.Error as e:
        print('binascii.Error', e)
try:
    base64.b64decode(b'abc')
except ValueError as e:
    print('as ValueError:', e)
