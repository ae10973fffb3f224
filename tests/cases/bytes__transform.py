# case mapping, stripping, replace, padding, tabs, translate
s = b'Hello, World! 123 \xe9'
print(s.upper(), s.lower(), s.swapcase(), s.title(), b'hELLO wORLD'.capitalize())
print(b'  pad  '.strip(), b'  pad  '.lstrip(), b'  pad  '.rstrip(), b'xxpadyx'.strip(b'xy'))
print(b'\t\n pad \x0b\x0c'.strip(), bytearray(b'--a--').strip(b'-'))
print(b'aaa'.replace(b'a', b'bb'), b'aaa'.replace(b'a', b'', 2), b'abc'.replace(b'', b'-'))
print(b'abc'.replace(b'', b'.', 2), b'abab'.replace(b'ab', b'AB', 1))
print(b'42'.zfill(5), b'-42'.zfill(5), b'+7'.zfill(1), b'hi'.center(7, b'*'), b'hi'.center(6))
print(b'hi'.ljust(5, b'.'), b'hi'.rjust(5), bytearray(b'x').center(3))
print(b'a\tbc\td'.expandtabs(), b'a\tb'.expandtabs(4), b'x\ty\nz\tw'.expandtabs(2))
print(b'prefix-body'.removeprefix(b'prefix-'), b'body.txt'.removesuffix(b'.txt'), b'x'.removeprefix(b'y'))
table = bytes.maketrans(b'abc', b'xyz')
print(b'aabbcc'.translate(table), b'hello'.translate(None, b'l'), b'abc'.translate(table, b'c'))
for f in [lambda: b'a'.center(5, b'ab'), lambda: b'a'.ljust(3, 'x'), lambda: b'a'.strip('a'),
          lambda: b'a'.replace('a', b'b'), lambda: b'a'.translate(b'short')]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
