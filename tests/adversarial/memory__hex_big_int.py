# expect: ok
# max-seconds: 2
# hex() has no digit limit in CPython; 10**7 bits is 2.5 MB of text.
h = hex(1 << 10**7)
assert len(h) == 2 + 10**7 // 4 + 1
print(len(h))
