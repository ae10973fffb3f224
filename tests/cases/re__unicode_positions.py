import re

s = "héllo wörld 日本語 42"
m = re.search(r"\d+", s)
print(m.span(), s[m.start():m.end()])
print([m.span() for m in re.finditer(r"\w+", s)])
print(re.findall(r"[à-ü]", s))
m = re.search(r"(ö)(r)", s)
print(m.span(1), m.span(2), m.start(), m.end())
print(re.sub(r"ö", "oe", s))
print(re.split(r"\s", s))
print(re.search(r"本", s, pos=13), re.search(r"本", s, pos=14))
print(repr(re.search("日本", s)))
print(re.findall(r"\d", "٣4５"), re.findall(r"\d", "٣4５", re.ASCII))
