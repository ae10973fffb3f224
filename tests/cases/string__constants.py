import string
for name in ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits", "octdigits", "punctuation", "whitespace", "printable"]:
    value = getattr(string, name)
    print(name, len(value), repr(value))
