import re

print(re.sub("x*", "-", "abxd"))
print(re.sub("", "-", "abc"))
print(re.findall("x*", "axxb"))
print([m.span() for m in re.finditer(r"\b", "ab cd")])
print(re.subn(r"(?=b)", "^", "abab"))
print(re.split("(?=b)", "abab"))
print(re.sub("a|", "!", "bab"))
