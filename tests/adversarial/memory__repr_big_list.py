# expect: ok
# 18 MB of text from a 6-million-item list.
s = repr([0] * 6 * 10**6)
print(len(s))
