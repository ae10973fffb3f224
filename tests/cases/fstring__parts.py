# f-string parts: ints, floats, bools and None written straight into the
# result, strs with a format spec formatted natively and the temporary
# freed, a single str part being the result itself.
import math

s = "hello world, a str longer than thirty bytes"
print(f"{s}" is s)
t = f"{s:>50}"
print(repr(t), len(t))
print(f"{s:10.5}|")

for i in [0, 7, -7, 9, 10, -10, 99, 100, 12345678901234, -(2**63), 2**63 - 1, 2**64, -(2**100)]:
    print(f"[{i}] [{i:06d}] [{i:>{8}}] [{i!r}] [{i:,}]")

for x in [0.0, -0.0, 0.1, 1.5, 1e16, 1e-7, 123456.789, math.inf, -math.inf, math.nan, 2.0**60]:
    print(f"<{x}> <{x:.3f}> <{x:>12}> <{x!s}> <{x:g}>")

print(f"{True} {False} {None} {True:>6} {None!r:>6} {...}")
print(f"{True:d} {False:03}")

# parts kept in a list, then used as parts again (must not be freed twice)
words = [f"{i:03d}" for i in range(5)]
print(words)
print([f"{w}-{w:>4}-{w}" for w in words])
print(words)

# a spec built from parts, nested
for w in range(3, 7):
    print(f"|{'ab':^{w}}|{3.14159:{w}.{w - 2}f}|{w:0{w}d}|")

# user __format__ returning a cached str, and __str__/__repr__
CACHED = "cached-value"


class Fmt:
    def __format__(self, spec):
        return CACHED if not spec else "spec:" + spec

    def __str__(self):
        return "Fmt()"

    def __repr__(self):
        return "<Fmt>"


f = Fmt()
r = f"{f}"
print(r, r is CACHED, f"{f:x>3}", f"{f!s}", f"{f!r}", f"{f!a:>8}")
print(CACHED, f"a{f}b{f}c", CACHED)

# errors in the middle of an f-string, then more f-strings
for bad in ["{:q}", "{:,s}"]:
    try:
        print(f"start {12:06d} {bad.format(5)} end")
    except ValueError as e:
        print("ValueError:", e)
try:
    print(f"{1:06d}{'x':d}")
except ValueError as e:
    print("ValueError:", e)
print(f"{1:06d}{2:06d}{'x':>3}")


# a generator suspended in the middle of an f-string
def gen():
    got = yield
    while True:
        got = yield f"{len(got):04d}:{got:>6}:{(yield 'mid')}"


g = gen()
next(g)
out = []
for word in ["a", "bb", "ccc"]:
    out.append(g.send(word))
    out.append(g.send(word.upper()))
print(out)

# many f-strings in a loop (the freed temporaries' slots reused)
rows = [f"row{i:05d}:{i * 0.5:8.2f}:{i % 3 == 0}" for i in range(20000)]
print(len(rows), rows[0], rows[-1], sum(len(r) for r in rows))
print(len({f"k{i:04x}" for i in range(5000)}))
E = ""
print(f"{E:>0}" == "", f"{E:}" == E, f"{0:}", f"{E}" is E)

# a str a spec leaves unchanged is itself, as in CPython
long = "abcdefgh" * 5
print(f"{long:}" is long, f"{long:s}" is long, f"{long:<5}" is long, f"{long:>50}" is long)
