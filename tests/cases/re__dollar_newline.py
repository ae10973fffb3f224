import re

print(re.search(r"abc$", "abc\n").span())
print(re.search(r"abc\Z", "abc\n"))
print(re.search(r"\Aabc\Z", "abc").span())
print(re.findall(r"\w+$", "one\ntwo\n"))
print(re.findall(r"\w+$", "one\ntwo\n", re.M))
print(re.fullmatch(r"abc$", "abc\n"))
print(re.match(r"^b", "ab"), re.search(r"(?m)^b", "a\nb").span())
print(re.sub(r"$", "!", "x\n"))
