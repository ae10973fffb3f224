# update() in pieces equals hashing at once; copy() forks the state
import hashlib
data = bytes(range(256)) * 3
for name in ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3_256', 'blake2b', 'blake2s']:
    h = hashlib.new(name)
    for i in range(0, len(data), 41):
        h.update(data[i:i + 41])
    print(name, h.hexdigest() == hashlib.new(name, data).hexdigest(), h.hexdigest()[:16])
h = hashlib.sha256(b'prefix-')
fork = h.copy()
h.update(b'one')
fork.update(b'two')
print(h.hexdigest()[:16], fork.hexdigest()[:16], hashlib.sha256(b'prefix-two').hexdigest()[:16])
print(h.update(b'') is None, h.name, fork.name, h.digest() == h.digest())
s = hashlib.shake_128()
s.update(b'abc')
print(s.hexdigest(8), s.digest(4), len(s.hexdigest(100)))
