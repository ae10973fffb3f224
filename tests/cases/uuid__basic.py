# uuid.UUID: construction in every accepted form, attributes, comparisons,
# hashing and CPython's errors.
import uuid


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


u = uuid.UUID("{12345678-1234-5678-1234-567812345678}")
print(u, repr(u))
print(u.hex, u.int, u.urn)
print(u.bytes, u.bytes_le)
print(u.fields, u.time_low, u.time_mid, u.time_hi_version)
print(u.clock_seq_hi_variant, u.clock_seq_low, u.time, u.clock_seq, u.node)
print(u.variant, u.version)

same = [
    uuid.UUID("12345678123456781234567812345678"),
    uuid.UUID("urn:uuid:12345678-1234-5678-1234-567812345678"),
    uuid.UUID("{urn:uuid:12345678123456781234567812345678}"),
    uuid.UUID("12345678-1234-5678-1234-567812345678".upper()),
    uuid.UUID(bytes=b"\x12\x34\x56\x78" * 4),
    uuid.UUID(bytes_le=u.bytes_le),
    uuid.UUID(fields=u.fields),
    uuid.UUID(int=0x12345678123456781234567812345678),
    uuid.UUID(hex="12345678123456781234567812345678"),
]
print([x == u for x in same], len(set(same)), len({x: 1 for x in same + [u]}))

v4 = uuid.UUID(int=0, version=4)
print(v4, v4.version, v4.variant)
for ver in (1, 2, 3, 5):
    x = uuid.UUID("ffffffff-ffff-ffff-ffff-ffffffffffff", version=ver)
    print(ver, x, x.version, x.variant)
for n in (0, 1 << 127, (1 << 127) | (1 << 126), (1 << 128) - 1, 0x8000 << 48):
    x = uuid.UUID(int=n)
    print(x, x.variant, x.version)

a, b, c = uuid.UUID(int=1), uuid.UUID(int=2), uuid.UUID(int=1)
print(a < b, a <= c, b > a, a >= b, a == c, a != b, a is c, a == 1, a != "x")
print(sorted([b, a, uuid.UUID(int=0)]))
print(hash(a) == hash(c), hash(u) == hash(u.int), int(u) == u.int)
print({a: "one"}[c], a in {c}, 1 in {a}, {a, c, b} == {a, b})
print(isinstance(u, uuid.UUID), type(u), type(u).__name__, uuid.UUID)
print(str(u) == f"{u}" == format(u) == "%s" % u, str(u).upper())
print(uuid.RESERVED_NCS, "|", uuid.RFC_4122, "|", uuid.RESERVED_MICROSOFT, "|",
      uuid.RESERVED_FUTURE)
print(uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500)

show(uuid.UUID)
show(uuid.UUID, "a", int=5)
show(uuid.UUID, "1234")
show(uuid.UUID, "x", version=6)
show(uuid.UUID, int=5, version=0)
show(uuid.UUID, int=5, version=6)
show(uuid.UUID, bytes=bytearray(16))
show(uuid.UUID, bytes="a" * 16)
show(uuid.UUID, bytes=b"short")
show(uuid.UUID, bytes_le=b"short")
show(uuid.UUID, bytes_le=bytearray(range(16)))
show(uuid.UUID, bytes=5)
show(uuid.UUID, 5)
show(uuid.UUID, b"12345678123456781234567812345678")
show(uuid.UUID, "+2345678123456781234567812345678")
show(uuid.UUID, "1234567_123456781234567812345678")
show(uuid.UUID, "12345678123456781234567812345 78")
show(uuid.UUID, "g2345678123456781234567812345678")
show(uuid.UUID, fields=(1, 2, 3, 4, 5, 6, 7))
show(uuid.UUID, fields=(1 << 32, 2, 3, 4, 5, 6))
show(uuid.UUID, fields=(1, 2, 3, 4, 256, 6))
show(uuid.UUID, fields=(1, 2, 3, 4, 5, 1 << 48))
show(uuid.UUID, fields=(1, 2, 3, 4, 5, "x"))
show(uuid.UUID, int=-1)
show(uuid.UUID, int=1 << 128)
show(uuid.UUID, int="5")
show(uuid.UUID, 1, 2, 3, 4, 5, 6, 7)
show(uuid.UUID, bogus=1)


def assign():
    u.hex = "0"


show(assign)
show(lambda: u < 5)
show(lambda: u.nothing)
show(format, u, "x")
