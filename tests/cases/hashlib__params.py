# blake2 parameters, new() names, pbkdf2_hmac, keyword data
import hashlib
print(hashlib.blake2b(b'abc', digest_size=16).hexdigest(), hashlib.blake2s(b'abc', digest_size=8).hexdigest())
print(hashlib.blake2b(b'msg', key=b'secret', salt=b'salt', person=b'me').hexdigest()[:32])
print(hashlib.blake2s(b'msg', key=b'k' * 32).hexdigest()[:32], hashlib.blake2b(digest_size=20).digest_size)
print(hashlib.new('SHA256', b'a').hexdigest()[:16], hashlib.new('sha-512').name, hashlib.new('blake2s256').name)
print(hashlib.sha256(string=b'kw').hexdigest()[:16], hashlib.sha256(b'kw', usedforsecurity=False).hexdigest()[:16])
print(hashlib.pbkdf2_hmac('sha256', b'password', b'salt', 1000).hex())
print(hashlib.pbkdf2_hmac('sha1', b'password', b'salt', 2, 20).hex(), hashlib.pbkdf2_hmac('md5', b'p', b's', 1, dklen=8).hex())
print(hashlib.blake2b.MAX_DIGEST_SIZE, hashlib.blake2s.SALT_SIZE, hashlib.blake2b().PERSON_SIZE)
