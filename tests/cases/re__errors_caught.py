import re

for pat in ["(", "a)", "[a-", "*a", "a**", r"\q", "(?P<1>x)", "(?P=nope)", r"(a)\2", "a{3,1}", "(?<", "x(?i)"]:
    try:
        re.compile(pat)
        print(pat, "compiled")
    except re.error as e:
        print(repr(pat), "->", e)
for call in [
    lambda: re.search(123, "x"),
    lambda: re.search("x", 123),
    lambda: re.sub("x", 5, "x"),
    lambda: re.sub(r"(a)", r"\3", "a"),
    lambda: re.sub(r"(a)", r"\g<nope>", "a"),
    lambda: re.compile(re.compile("x"), re.I),
    lambda: re.search("x"),
    lambda: re.escape(5),
]:
    try:
        call()
        print("no error")
    except Exception as e:
        print(type(e).__name__, "-", e)
print(issubclass(re.error, Exception), re.error is re.PatternError)
