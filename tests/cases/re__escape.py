import re

for s in ["hello", "a.b*c", "1+1=2", "[x](y){z}", "tab\there", "~&#-", "naïve ü", "$^|\\"]:
    e = re.escape(s)
    print(repr(e), bool(re.fullmatch(e, s)))
print(re.findall(re.escape("a.c"), "abc a.c"))
