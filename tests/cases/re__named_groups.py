import re

p = re.compile(r"(?P<year>\d{4})-(?P<month>\d\d)(?:-(?P<day>\d\d))?")
m = p.search("date: 2024-06")
print(m.groupdict(), m.groupdict("??"))
print(m["year"], m.group("month"), m.lastindex, m.lastgroup)
print(p.groupindex["month"], p.groups, p.pattern)
m = p.search("2024-06-15")
print(m.lastindex, m.lastgroup, m.span("day"))
m = re.match(r"(?P<a>x)(?P=a)", "xx")
print(m.group(), m.start("a"))
m = re.match(r"((a)b)", "ab")
print(m.lastindex, m.groups())
print(re.match(r"(a)|b", "b").lastindex)
try:
    m.group("nope")
except IndexError as e:
    print("IndexError:", e)
