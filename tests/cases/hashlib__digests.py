# known digests of every guaranteed algorithm
import hashlib
for name in sorted(hashlib.algorithms_guaranteed):
    h = hashlib.new(name, b'The quick brown fox jumps over the lazy dog')
    if name.startswith('shake'):
        print(name, h.hexdigest(20), h.digest_size, h.block_size)
    else:
        print(name, h.hexdigest(), h.digest_size, h.block_size, len(h.digest()))
print(hashlib.md5().hexdigest(), hashlib.sha1(b'').hexdigest())
print(hashlib.sha256(b'abc').digest()[:8], hashlib.sha512(b'x' * 1000).hexdigest()[:32])
