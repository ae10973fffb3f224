import re

m = re.search(r"(\w+)@(\w+)\.com", "contact: alice@example.com today")
print(m.group(), m.group(0), m.group(1), m.group(2))
print(m.groups(), m.span(), m.start(1), m.end(2), m.span(2))
print(m.group(1, 2), m.pos, m.endpos, m.string)
print(re.match(r"\d+", "123abc").group(), re.match(r"\d+", "abc123"))
print(re.fullmatch(r"a|ab", "ab").group(), re.fullmatch(r"ab", "abc"))
print(re.search(r"x", "abc"))
print(bool(re.search("b", "abc")))
m = re.search(r"(a)(b)?", "ac")
print(m.groups(), m.groups("-"), m.group(2), m.span(2))
