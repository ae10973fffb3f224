import re

p = re.compile(r"\d+", re.I)
print(repr(p), p.pattern, p.groups)
print(repr(re.compile("a'b")), repr(re.compile(r"\n", re.M | re.S)))
print(p == re.compile(r"\d+", re.I), p == re.compile(r"\d+"))
d = {p: "digits"}
print(d[re.compile(r"\d+", re.IGNORECASE)])
print(re.compile(p) is p)
q = re.compile(r"\w")
print(q.search("ab cd", 2).span(), q.search("ab cd", 3, 4).span(), q.search("ab cd", 3, 3))
print(q.match("ab", 1).group(), q.fullmatch("abc", 1, 2).group())
print(q.findall("abcd", 1, 3))
print(re.compile(r"$").search("ab", 0, 1).span())
print(isinstance(p, re.Pattern), isinstance(q.match("a"), re.Match), isinstance("x", re.Pattern))
re.purge()
