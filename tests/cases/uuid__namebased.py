# uuid3 and uuid5: name-based UUIDs in the standard namespaces.
import uuid


def show(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


for ns_name in ["NAMESPACE_DNS", "NAMESPACE_URL", "NAMESPACE_OID", "NAMESPACE_X500"]:
    ns = getattr(uuid, ns_name)
    for name in ["python.org", "http://example.com/", "", "héllo", "1.3.6.1"]:
        u3, u5 = uuid.uuid3(ns, name), uuid.uuid5(ns, name)
        print(ns_name, repr(name), u3, u3.version, u5, u5.version, u5.variant == uuid.RFC_4122)
print(uuid.uuid5(uuid.NAMESPACE_URL, b"bytes name"), uuid.uuid3(uuid.NAMESPACE_URL, b"x"))
print(uuid.uuid5(uuid.NAMESPACE_DNS, "a") == uuid.uuid5(uuid.NAMESPACE_DNS, "a"))
print(uuid.uuid5(uuid.uuid4(), "x").version)
custom = uuid.UUID("00000000-0000-0000-0000-000000000000")
print(uuid.uuid5(custom, "x"), uuid.uuid3(custom, "x"))
show(uuid.uuid5, "ns", "x")
show(uuid.uuid5, uuid.NAMESPACE_DNS, 5)
show(uuid.uuid3, None, "x")
show(uuid.uuid5, uuid.NAMESPACE_DNS)
