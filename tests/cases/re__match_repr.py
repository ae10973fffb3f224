import re

print(repr(re.search(r"\d+", "abc 42")))
print(repr(re.search(r"a.b", "a'b")))
print(repr(re.search(r"a.b", 'a"b')))
print(repr(re.search(r"a.b", "a\\b")))
print(repr(re.search(r"", "x")))
m = re.match(r"(\w+) (\w+)", "hello world")
print(m[0], m[1], m[2], m.expand(r"\2-\1 \g<0>"))
print(m.regs, m.re.pattern)
print(m.start(), m.end(), m.span(True))
