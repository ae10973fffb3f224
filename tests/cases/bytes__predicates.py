# is* predicates are ASCII-only
samples = [b'', b'abc', b'ABC', b'Abc Def', b'123', b'abc123', b' \t\n', b'\xe9', b'a b', b'Hello World', b'hello World']
for s in samples:
    print(s, s.isalpha(), s.isdigit(), s.isalnum(), s.isspace(), s.islower(), s.isupper(),
          s.istitle(), s.isascii())
print(bytearray(b'Title Case').istitle(), bytearray(b'\x80').isascii())
