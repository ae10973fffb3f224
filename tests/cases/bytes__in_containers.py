# bytes as dict keys / set members, sorting, counting, json-free round trips
d = {}
for word in [b'apple', b'banana', b'apple', b'cherry', b'banana', b'apple']:
    d[word] = d.get(word, 0) + 1
print(d, sorted(d, key=d.get), max(d, key=len))
s = {b'x', b'y', b'x'}
print(sorted(s), b'y' in s, frozenset([b'a']) == frozenset([b'a']))
chunks = [b'%02d' % i for i in range(5)]
print(chunks, b'|'.join(chunks), sorted(chunks, reverse=True))
pairs = {(b'a', 1): 'tuple key'}
print(pairs[(b'a', 1)])
try:
    {bytearray(b'k'): 1}
except TypeError as e:
    # 3.14 words this "cannot use 'bytearray' as a dict key (...)"
    print(type(e).__name__, "unhashable type: 'bytearray'" in str(e))
print(list(map(len, [b'', b'ab', bytearray(3)])), [bytes([n]) for n in b'hi'])
