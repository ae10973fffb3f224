# bytes.decode with codecs and error handlers
data = 'héllo wörld ⚡'.encode()
print(data, data.decode(), data.decode('utf-8'), data.decode(encoding='UTF8'))
print(b'caf\xe9'.decode('latin-1'), b'caf\xe9'.decode('iso-8859-1'), b'abc'.decode('ascii'))
print(b'a\xffb'.decode('utf-8', 'replace'), b'a\xffb'.decode('utf-8', 'ignore'))
print(b'a\xffb'.decode('utf-8', errors='backslashreplace'), b'x\xe9y'.decode('ascii', 'replace'))
print(b'\xff\xfeh\x00i\x00'.decode('utf-16'), b'\x00h\x00i'.decode('utf-16-be'), b'h\x00'.decode('utf-16-le'))
print(str(b'text', 'ascii'), str(b'\xc3\xa9', encoding='utf-8'), str(bytearray(b'ba'), 'utf-8'))
bad = [b'\xff', b'a\x80', b'\xe2\x82', b'\xe2(', b'\xf0\x9f(a', b'\xed\xa0\x80']
for b in bad:
    try:
        b.decode()
    except UnicodeDecodeError as e:
        print(e)
for f in [lambda: b'\xe9'.decode('ascii'), lambda: b'x'.decode('nope'), lambda: b'\xff'.decode('utf-8', 'nope'),
          lambda: b'x'.decode(1), lambda: b'x'.decode('utf-8', None), lambda: b'a\x00b'.decode('utf-16-le')]:
    try:
        f()
    except (UnicodeDecodeError, LookupError, TypeError) as e:
        print(type(e).__name__, e)
try:
    b'\xff'.decode()
except ValueError as e:
    print('caught as ValueError:', type(e).__name__)
b'ok \xc3'.decode('utf-8')
