# uuid4: only what does not depend on the random value.
import re
import uuid

pattern = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
ids = [uuid.uuid4() for _ in range(50)]
print(all(u.version == 4 for u in ids), all(u.variant == uuid.RFC_4122 for u in ids))
print(all(len(str(u)) == 36 and pattern.match(str(u)) for u in ids))
print(all(len(u.hex) == 32 and len(u.bytes) == 16 for u in ids))
print(len(set(ids)), isinstance(ids[0], uuid.UUID), type(ids[0]).__name__)
print(all(uuid.UUID(str(u)) == u and uuid.UUID(bytes=u.bytes) == u for u in ids))
print(all(0 <= u.int < 2 ** 128 for u in ids), str(ids[0]).count("-"))
print(uuid.uuid4().urn.startswith("urn:uuid:"), uuid.uuid4() != uuid.uuid4())
short = uuid.uuid4().hex[:8]
print(len(short), all(c in "0123456789abcdef" for c in short))
try:
    uuid.uuid4(1)
except TypeError as e:
    print("TypeError:", e)
