# str predicates and case mappings on non-ASCII text, as CPython's Unicode
# database defines them.
samples = [
    "\u00e1", "a\u0301", "\u0301", "\u00b2", "\u00bd", "\u2167", "\u0663", "\uff11", "\u2460",
    "\u4e00", "\u3007", "\u00aa", "\u02b0", "\u01c5", "\u1fbc", "\u00a0", "\u2003", "\u3000",
    "\u200b", "\u2028", "\x85", "\x1c", "\u00ad", "\u0378", "\ue000", "\U0001f600", "\u05d0",
    "\u0e01\u0e31", "\u00df", "\u0149", "\u03a3", "\u0130", "\ufb01", "\u10d0", "\u2126",
    "\u212a", "\u1e9e", "\u0345", "\u02bc", "\u1885", "\u2118", "\u212e", "\u309b", "\u00b7",
]
checks = ["isalpha", "isdecimal", "isdigit", "isnumeric", "isalnum", "isspace", "isprintable",
          "isidentifier", "isupper", "islower", "istitle"]
for s in samples:
    flags = "".join("1" if getattr(s, name)() else "0" for name in checks)
    print(ascii(s), flags, ascii(s.upper()), ascii(s.lower()), ascii(s.casefold()),
          ascii(s.title()), ascii(s.capitalize()), ascii(s.swapcase()), repr(s))

# identifiers: a combining mark continues, never starts
for word in ["caf\u00e9", "cafe\u0301", "\u0301a", "\u00e9t\u00e9", "x\u00b2", "\u2118x", "_\u0660",
             "\u0660x", "na\u00efve", "\u03c0r\u00b2", "\u212ebc", "a\u00b7b", "a-b", "\u00b7a"]:
    print(ascii(word), word.isidentifier())

# whitespace splitting and stripping use the same definition
text = "a\u2003b\u3000c\x85d\u00a0e\u200bf\x1cg"
print([ascii(part) for part in text.split()], ascii(text.strip("a")), ascii("\u2003x\u3000".strip()))
print(int("\u0663\u0664"), int(" \u2003 42\u3000"), float("\uff11.5"))
print("\u03a3\u0391\u03a3".lower(), "\u0391\u03a3 \u03a3\u0391".lower(), "\u00df\u0149".title())

from collections import namedtuple
P = namedtuple("P", ["caf\u00e9", "x\u0301"])
print(P._fields, P(1, 2))
import re
print(re.match("(?P<n\u00e9>\\w+)", "caf\u00e9").groupdict())
try:
    re.compile(r"(?P<n\u00e9>x)")
except re.error as e:
    print(e)
