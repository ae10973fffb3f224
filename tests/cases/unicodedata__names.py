# unicodedata.name and lookup: plain, algorithmic (Hangul, CJK), aliases,
# case-insensitivity, and the errors.
import unicodedata as u

for c in "a\u00e9\u20ac\u2603\uac00\ud7a3\u4e00\U00020000\U0001f600\u0e01":
    n = u.name(c)
    print(f"U+{ord(c):04X}", n, u.lookup(n) == c)

print(ascii(u.lookup("latin small letter a with grave")))
print(ascii(u.lookup("BYTE ORDER MARK")))  # an alias
print(ascii(u.lookup("LINE FEED")))
print(ascii(u.lookup(b"GREEK SMALL LETTER ALPHA")))
print(u.name("\x00", "none"), u.name("\ue000", 0))

def check(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__, e, e.args)

check(u.lookup, "NOT A REAL NAME")
check(u.lookup, "HANGUL SYLLABLE XX")
check(u.lookup, "CJK UNIFIED IDEOGRAPH-0041")
check(u.lookup, "x" * 300)
check(u.lookup, 42)
check(u.lookup)
check(u.name, "\uffff")
check(u.name)
check(u.name, "a", "b", "c")
check(u.name, 5)
