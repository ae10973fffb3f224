# f-strings, split pieces and single characters: the paths that build a
# str without an intermediate String (short text inline, long text boxed).
for n in [0, 7, -7, 10**18, -(2**63), 2**63 - 1, 2**64, True, 1.5]:
    print(f"{n}", f"[{n}]", f"{n!r}", f"{n:>6}")

word = "é,a,,ü" + "x" * 40 + ",tail"
pieces = word.split(",")
print(pieces, [p.isascii() for p in pieces], [len(p) for p in pieces])
print("a,b,,c".split(","), ",".split(","), "".split(","), "abc".split(","))
print("a::b::".split("::"), "été".split("t"))

parts = [f"item{i}:{i * 7 % 13}" for i in range(12)]
print(parts[:3], len(",".join(parts)))
long = f"{'y' * 25}{12345}{'z' * 3}"
print(long, len(long), long.isascii())
mixed = f"{'ä'}{1}{'b' * 28}"
print(mixed, len(mixed), mixed.isascii(), mixed[0], mixed[-1])
empty = f"{''}{''}"
print(repr(empty), empty == "", len(empty))

s = "naïve"
print([s[i] for i in range(len(s))], [c for c in s], chr(233), chr(65))


class Named:
    def __format__(self, spec):
        return "named" + spec

    def __str__(self):
        return "plain"


print(f"{Named()}", f"{Named():x}", f"{Named()!s}", f"{'q'!r}")
print(str(42), str(-0), int("123") + 1)
