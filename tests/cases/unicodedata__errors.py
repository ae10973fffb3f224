# Argument errors of the one-character functions of unicodedata.
import unicodedata as u

def check(f, *args, **kwargs):
    try:
        print(repr(f(*args, **kwargs)))
    except Exception as e:
        print(type(e).__name__, e)

for f in (u.category, u.bidirectional, u.east_asian_width, u.combining, u.mirrored, u.decomposition):
    check(f, 5)
    check(f)
    check(f, "a", "b")
    check(f, c="a")
for f in (u.decimal, u.digit, u.numeric):
    check(f, "x")
    check(f, "x", "dflt")
    check(f, 1.5)
    check(f)
    check(f, "1", 2, 3)
check(u.name, "a", default="x")
