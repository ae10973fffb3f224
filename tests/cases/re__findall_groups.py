import re

text = "a=1, b=22, c=333"
print(re.findall(r"\d+", text))
print(re.findall(r"(\w)=\d+", text))
print(re.findall(r"(\w)=(\d+)", text))
print(re.findall(r"(\w)=(x)?", text))
print([m.span() for m in re.finditer(r"\d+", text)])
print([m.group(1) for m in re.finditer(r"(\w)=", text)])
it = re.finditer(r"\w", "ab")
print(next(it).group(), next(it).group())
print(re.findall(r"", "abc"))
print(re.findall(r"\b\w", "hello big world"))
