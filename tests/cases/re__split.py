import re

print(re.split(r"[,;]\s*", "a, b;c ,d"))
print(re.split(r"(,)", "a,b,c"))
print(re.split(r"(\d)(x)?", "a1b2xc"))
print(re.split(r",", "a,b,c,d", maxsplit=2))
print(re.split(r",", "a,b", maxsplit=-1))
print(re.split(r"x*", "axbc"))
print(re.split(r"\b", "hi there"))
print(re.split(r"\s+", "  padded  "))
print(re.compile(r"-").split("1-2-3", 1))
print(re.split("(?i)X", "axbXc"))
