# str.encode with codecs and error handlers
s = 'naïve café ⚡'
print(s.encode(), s.encode('utf-8'), 'abc'.encode('ascii'), s.encode('ascii', 'ignore'))
print(s.encode('ascii', 'replace'), s.encode('ascii', 'backslashreplace'), s.encode('latin-1', 'xmlcharrefreplace'))
print('é'.encode('latin-1'), 'ab'.encode('utf-16'), 'ab'.encode('utf-16-be'), 'a'.encode('utf-32-le'))
print('\U0001f600'.encode('utf-16-le'), '\U0001f600'.encode(), len('⚡'.encode()))
print(s.encode().decode() == s, s.encode('utf-16').decode('utf-16') == s, s.encode('utf-32').decode('utf-32') == s)
print('x'.encode(encoding='ascii', errors='strict'), type('x'.encode()).__name__)
for f in [lambda: 'é'.encode('ascii'), lambda: 'a€€b'.encode('ascii'), lambda: '€'.encode('latin-1'),
          lambda: 'x'.encode('bogus'), lambda: 'é'.encode('ascii', 'bogus'), lambda: 'x'.encode(5)]:
    try:
        f()
    except (UnicodeEncodeError, LookupError, TypeError) as e:
        print(type(e).__name__, e)
'snow ☃'.encode('ascii')
