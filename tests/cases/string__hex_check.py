import string
def is_hex(s):
    return len(s) > 0 and all(c in string.hexdigits for c in s)
for s in ["deadBEEF", "0x1f", "", "123", "ghi"]:
    print(repr(s), is_hex(s))
print(sorted(set(string.hexdigits.lower())))
print(string.octdigits[::-1])
