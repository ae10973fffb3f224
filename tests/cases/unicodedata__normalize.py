# unicodedata.normalize / is_normalized for the four forms, including
# canonical reordering, composition exclusions, singletons and Hangul.
import unicodedata as u

cases = [
    "",
    "plain ascii",
    "e\u0301",
    "\u00e9",
    "\u1e0b\u0323",
    "d\u0307\u0323",
    "q\u0307\u0323",
    "\u212b",
    "\u2126",
    "\ufb01",
    "\u00bd",
    "\u1100\u1161\u11a8",
    "\uac01",
    "\u0344",
    "\u0958",
    "\u1e9b\u0323",
    "\uff76\uff9e",
    "\u304b\u3099",
    "a\u0316\u0301\u0300b",
    "\u0301a",
    "\U0001d15e",
    "x\u00b2\u2075",
    "\u3300",
]
for s in cases:
    row = []
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        r = u.normalize(form, s)
        row.append(f"{form}={ascii(r)}:{u.is_normalized(form, s)}")
    print(ascii(s), " ".join(row))

def check(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__, e)

check(u.normalize, "XYZ", "abc")
check(u.normalize, "nfc", "abc")
check(u.normalize, "XYZ", 1)
check(u.normalize, 1, "a")
check(u.normalize, "NFC")
check(u.is_normalized, "BAD", "a")
check(u.is_normalized, "NFC", b"a")
s = "abc"
print(u.normalize("NFC", s) is s)
