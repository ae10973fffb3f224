import re

print(re.findall(r"^\w+$", "one\ntwo\nthree", re.M))
print(re.findall(r"^\w+$", "one\ntwo"))
print(re.search(r"a.c", "a\nc"), re.search(r"a.c", "a\nc", re.S).group())
print(re.findall(r"hello", "Hello HELLO", re.I))
pat = re.compile(r"""
    (\d{3})   # area
    [-.\s]?   # separator
    (\d{4})   # number
""", re.VERBOSE)
print(pat.search("call 555-1234 now").groups())
print(re.findall(r"(?i)abc", "ABC abc"))
print(re.findall(r"a(?i:b)c", "abc aBc ABC"))
print(re.findall(r"\w+", "café naïve", re.A), re.findall(r"\w+", "café naïve"))
print(re.compile("x", re.I | re.M).flags == int(re.I | re.M | re.U))
print(re.compile("(?s)x").flags & re.S != 0)
print(int(re.IGNORECASE), int(re.MULTILINE), int(re.DOTALL), int(re.VERBOSE), int(re.ASCII))
