# argument errors of the constructors and methods
import hashlib
checks = [
    lambda: hashlib.sha256('text'),
    lambda: hashlib.sha256(5),
    lambda: hashlib.md5(b'a', b'b'),
    lambda: hashlib.sha256(foo=1),
    lambda: hashlib.new('nope'),
    lambda: hashlib.sha1().update('s'),
    lambda: hashlib.sha1().digest(1),
    lambda: hashlib.shake_128().digest(),
    lambda: hashlib.blake2b(key=b'k' * 65),
    lambda: hashlib.blake2s(salt=b's' * 9),
    lambda: hashlib.blake2b(fanout=256),
    lambda: hashlib.pbkdf2_hmac('sha256', b'p', b's', 0),
    lambda: hashlib.pbkdf2_hmac('sha256', 'p', b's', 1),
    lambda: hashlib.sha256().missing,
]
for f in checks:
    try:
        f()
    except (TypeError, ValueError, AttributeError) as e:
        print(type(e).__name__, e)
hashlib.sha512().update(None)
