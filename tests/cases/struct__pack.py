# struct.pack / unpack / calcsize over every format code and byte order.
import struct


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for order in "@=<>!":
    for code in "bBhHiIlLqQ?efd":
        fmt = order + code
        size = struct.calcsize(fmt)
        value = 1.5 if code in "efd" else (True if code == "?" else 100)
        data = struct.pack(fmt, value)
        print(fmt, size, data, struct.unpack(fmt, data))
for code in "nNP":
    print(code, struct.calcsize(code), struct.pack(code, 5), struct.unpack(code, struct.pack(code, 5)))

print(struct.pack("<hhl", 1, 2, 3), struct.pack(">hhl", 1, 2, 3))
print(struct.calcsize("hhl"), struct.calcsize("<hhl"), struct.calcsize("ci"), struct.calcsize("ic"))
print(struct.calcsize("c0l"), struct.calcsize("qb0q"), struct.calcsize("@bhiq"), struct.calcsize("=bhiq"))
print(struct.calcsize(""), struct.calcsize("0i"), struct.calcsize("3x2s"), struct.calcsize("e"))
print(struct.pack("@bi", 1, 2), struct.pack("=bi", 1, 2), struct.pack("@ci", b"*", 2))
print(struct.pack("<2i 3h", 1, 2, 3, 4, 5))
print(struct.unpack("<2i 3h", struct.pack("<2i 3h", 1, -2, 3, -4, 5)))
print(struct.pack(">I", 0xDEADBEEF), struct.unpack(">I", b"\xde\xad\xbe\xef"))
print(struct.pack("<q", -1), struct.unpack("<Q", b"\xff" * 8), struct.unpack("<q", b"\xff" * 8))
print(struct.unpack("<b", b"\x80"), struct.unpack("<B", b"\x80"), struct.unpack("<h", b"\x00\x80"))
print(struct.pack("3s", b"abcdef"), struct.pack("5s", b"ab"), struct.pack("0s", b"abc"))
print(struct.pack("5p", b"abcdef"), struct.pack("5p", b"ab"), struct.pack("1p", b"abc"))
print(struct.unpack("5p", b"\x09abcd"), struct.unpack("3s", b"xyz"), struct.unpack("0p", b""))
long_p = struct.pack("300p", b"a" * 280)
print(long_p[:3], len(long_p), len(struct.unpack("300p", long_p)[0]))
print(struct.pack("x"), struct.pack("3x"), struct.pack("?", []), struct.pack("?", "x"))
print(struct.unpack("?", b"\x02"), struct.unpack("c", b"z"), struct.pack("c", b"q"))
print(struct.pack(b"<i", 7), struct.pack("<i", True), struct.pack("<d", 7))


class Idx:
    def __index__(self):
        return 7


print(struct.pack("<i", Idx()), struct.pack("<d", Idx()))
for x in [65504.0, 65519.99, 0.1, -2.5, 1e-8, 3e-8, 2 ** -24, 1.5 * 2 ** -24,
          float("inf"), -float("inf"), float("nan"), -0.0, 6.1e-5, 1 / 3]:
    b = struct.pack("<e", x)
    print(x, b, struct.unpack("<e", b))
for x in [3.4028235e38, 1e-46, 0.1, float("inf")]:
    print(x, struct.pack("<f", x), struct.unpack("<f", struct.pack("<f", x)))
print(struct.pack("<e", 2 ** -25), struct.pack("<e", 2 ** -25 * 1.0001), struct.pack("f", 1e300), struct.pack(">d", -0.0), struct.unpack("<e", b"\x00\x7c"))
print(struct.unpack("<e", b"\x00\x7e"), struct.unpack("<e", b"\x01\x00"), struct.unpack("<e", b"\xff\x7b"))

for fmt in "bBhHiIlLqQnN":
    for order in "@<":
        if order == "<" and fmt in "nN":
            continue
        show(struct.pack, order + fmt, 1 << 70)
        show(struct.pack, order + fmt, -1 if fmt.isupper() else -(1 << 70))
show(struct.pack, "i", "x")
show(struct.pack, "i", 1.5)
show(struct.pack, "i", 1.0)
show(struct.pack, "f", "x")
show(struct.pack, "<e", 1e10)
show(struct.pack, "<e", 65520.0)
show(struct.pack, "<f", 3.4028236e38)
show(struct.pack, "d", 1 << 2000)
show(struct.pack, "c", b"ab")
show(struct.pack, "c", "a")
show(struct.pack, "c", bytearray(b"a"))
show(struct.pack, "s", "a")
show(struct.pack, "p", 5)
show(struct.pack, "s", bytearray(b"ab"))
show(struct.pack, "i")
show(struct.pack, "i", 1, 2)
show(struct.pack, "2s", b"a", b"b")
show(struct.pack, "z")
show(struct.pack, "3")
show(struct.pack, "3 i", 1)
show(struct.pack, " <i", 1)
show(struct.pack, "<n", 1)
show(struct.pack, "!P", 1)
show(struct.pack, 5)
show(struct.pack, bytearray(b"i"), 1)
show(struct.pack)
show(struct.calcsize, "99999999999999999999i")
show(struct.calcsize, "9999999999999999999i")
show(struct.calcsize, "4611686018427387904q")
show(struct.calcsize)
show(struct.calcsize, "i", "x")
show(struct.unpack, "i", b"abc")
show(struct.unpack, "i", "abcd")
show(struct.unpack, "i", 5)
show(struct.unpack, "i")
show(struct.unpack, "i", b"abcd", 1)
print(isinstance(struct.error, type), issubclass(struct.error, Exception), struct.error.__name__)
try:
    struct.pack("q", 2 ** 64)
except struct.error as e:
    print("caught", type(e).__name__, e.args)
