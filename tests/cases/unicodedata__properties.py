# Character properties of unicodedata across scripts and kinds of characters.
import unicodedata as u

samples = "Aa1 !\u00e9\u0301_+\u00bd\u2167\u0660\u4e00\uac00\u00a0\u2028\t(\u05d0\u0627\uff21\U0001d400\U0001f600\u00b2"
for c in samples:
    print(
        f"U+{ord(c):04X}",
        u.category(c),
        repr(u.bidirectional(c)),
        u.east_asian_width(c),
        u.mirrored(c),
        u.combining(c),
        repr(u.decomposition(c)),
        u.decimal(c, None),
        u.digit(c, None),
        u.numeric(c, None),
        u.name(c, "<no name>"),
    )

# unassigned and private-use characters
for c in "\uffff\ue000\U0010fffd\x00\x7f":
    print(f"U+{ord(c):04X}", u.category(c), repr(u.bidirectional(c)), u.name(c, None))

# numeric values beyond 0..9
for c in "\u00bc\u2153\u216f\u5341\u4e07\u0f33\U00012432":
    print(f"U+{ord(c):04X}", u.numeric(c), u.digit(c, -1), u.decimal(c, -1))

print(u.decimal("9"), u.digit("\u2460"), u.numeric("\u2155"))
