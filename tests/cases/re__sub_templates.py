import re

print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world, good day"))
print(re.sub(r"(?P<first>\w+)-(?P<second>\w+)", r"\g<second>+\g<first>", "a-b c-d"))
print(re.sub(r"\d", r"<\g<0>>", "a1b2"))
print(re.sub(r"(a)", r"\n\t|", "xax"))
print(repr(re.sub("(a)", r"\0", "a")), repr(re.sub("(a)", r"\101", "a")))
print(re.sub(r"\d", "#", "1a2b3c", count=2))
print(re.subn(r"\d", "#", "1a2b3c"))
print(re.subn(r"z", "#", "abc"))
print(re.sub(r"(x)?y", r"[\1]", "y xy"))
print(re.sub(r"\s+", " ", "  lots   of\tspace \n here "))
p = re.compile(r"o")
print(p.sub("0", "foo boo"), p.subn("0", "foo", 1))
