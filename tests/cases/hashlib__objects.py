# hash objects: their classes, isinstance, read-only attributes
import hashlib
import hmac
h = hashlib.sha256(b'x')
print(type(h), type(hashlib.shake_128()), type(hashlib.blake2b()), type(hashlib.blake2s(b'y')))
print(type(h) is type(hashlib.md5()), type(h) is type(hashlib.shake_256()), type(hashlib.blake2b()) is hashlib.blake2b)
print(isinstance(h, type(hashlib.sha1())), isinstance(hashlib.blake2s(), hashlib.blake2s), isinstance(h, hashlib.blake2b))
print(hashlib.blake2b, hashlib.blake2s.MAX_KEY_SIZE, type(h.copy()) is type(h))
m = hmac.new(b'k', b'm', 'sha1')
print(type(m), isinstance(m, hmac.HMAC), m.name)
for f in [lambda: type(h)(), lambda: setattr(h, 'name', 'x'), lambda: setattr(h, 'other', 1), lambda: h < h,
          lambda: len(h)]:
    try:
        f()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
print(h == h, h != h.copy(), bool(h))
