# HMAC objects, one-shot digest and compare_digest
import hashlib
import hmac
h = hmac.new(b'key', b'The quick brown fox jumps over the lazy dog', hashlib.sha256)
print(h.hexdigest(), h.name, h.digest_size, h.block_size)
print(hmac.new(b'key', b'msg', 'md5').hexdigest(), hmac.new(b'k' * 100, b'm', 'sha512').hexdigest()[:32])
c = h.copy()
c.update(b'!')
print(c.hexdigest()[:16], h.hexdigest()[:16], hmac.digest(b'key', b'msg', 'sha1').hex())
print(hmac.compare_digest(b'same', b'same'), hmac.compare_digest('abc', 'abd'), hmac.compare_digest(b'a', bytearray(b'a')))
for f in [lambda: hmac.new(b'k'), lambda: hmac.new('k', b'm', 'sha256'), lambda: hmac.compare_digest('a', b'a'),
          lambda: hmac.compare_digest(1, 2)]:
    try:
        f()
    except TypeError as e:
        print(type(e).__name__, e)
